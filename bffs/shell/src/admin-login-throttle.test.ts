import { AdminLoginRefused, CheckSlots } from './admin-login-throttle';

describe('password-check slots', () => {
  it('runs at most N checks at once, queues a bounded number, refuses the rest with 429', async () => {
    const slots = new CheckSlots(2, 1);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      slots.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
        return 'checked';
      });
    const first = work();
    const second = work();
    const queued = work();
    await expect(work()).rejects.toMatchObject({ status: 429, reason: 'busy' });
    await expect(work()).rejects.toBeInstanceOf(AdminLoginRefused);
    expect(running).toBe(2);
    release.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2); // the queued one took the freed slot
    release.splice(0).forEach((done) => done());
    await new Promise((resolve) => setImmediate(resolve));
    release.splice(0).forEach((done) => done());
    expect(await Promise.all([second, queued])).toEqual(['checked', 'checked']);
    expect(most).toBe(2);
  });
});
