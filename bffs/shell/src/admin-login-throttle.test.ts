import { AdminLoginRefused, CheckSlots, addressGroup } from './admin-login-throttle';

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

describe('password-check slots under an anonymous flood', () => {
  it('gives one address at most its share, and keeps a reserved slot for trusted callers', async () => {
    const slots = new CheckSlots(2, 2, 1, 1);
    const release: (() => void)[] = [];
    const started: string[] = [];
    const work = (name: string, address: string, trusted = false) =>
      slots.run(
        async () => {
          started.push(name);
          await new Promise<void>((resolve) => release.push(resolve));
          return name;
        },
        { address, trusted },
      );
    const a = work('a', '203.0.113.1');
    // The same address (or its IPv6 /64) cannot take a second slot or queue place.
    await expect(work('a2', '203.0.113.1')).rejects.toMatchObject({ status: 429, reason: 'busy' });
    const b = work('b', '2001:db8:1:2::1');
    await expect(work('b2', '2001:db8:1:2:ffff::9')).rejects.toMatchObject({ status: 429, reason: 'busy' });
    // Anonymous callers from other addresses fill the shared slots and the queue …
    const c = work('c', '203.0.113.3');
    const d = work('d', '203.0.113.4');
    await expect(work('e', '203.0.113.5')).rejects.toMatchObject({ status: 429, reason: 'busy' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    // … but a trusted caller (a remembered device, a signed-in admin) runs at once.
    const trusted = work('admin', '203.0.113.1', true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'admin']);
    while (started.length < 5 || release.length > 0) {
      release.splice(0).forEach((done) => done());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all([a, b, c, d, trusted])).toEqual(['a', 'b', 'c', 'd', 'admin']);
    // Shares are given back: the first address may check again.
    const again = work('a3', '203.0.113.1');
    await new Promise((resolve) => setImmediate(resolve));
    release.splice(0).forEach((done) => done());
    expect(await again).toBe('a3');
  });

  it('groups IPv6 addresses by /64 and reads IPv4-mapped ones as IPv4', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
