import { OpenJobListSchema } from '@turno/contracts';
import { Block, Restaurant, findDemoFreelancerId } from '@turno/core';
import { saoPauloDate } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createFreelancerBff } from './app';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
});
afterAll(() => bff.close());

describe('freelancer BFF', () => {
  it('lists open vacancies from today on, with the payout and without addresses', async () => {
    const { status, body } = await bff.get('/api/jobs');
    expect(status).toBe(200);
    const jobs = OpenJobListSchema.parse(body);
    expect(jobs.length).toBeGreaterThan(0);
    const today = saoPauloDate(new Date());
    for (const job of jobs) {
      expect(job.date_needed >= today).toBe(true);
      expect(job.freelancer_payment_amount).toBeLessThan(job.hourly_rate);
      expect(job).not.toHaveProperty('restaurant_address');
    }
  });

  it('stops showing a restaurant\'s vacancies once it blocks the freelancer', async () => {
    const before = OpenJobListSchema.parse((await bff.get('/api/jobs')).body);
    const blockingName = before[0]!.restaurant_name;
    expect(before.some((job) => job.restaurant_name !== blockingName)).toBe(true);

    const em = bff.db.orm.em.fork();
    const restaurant = await em.findOneOrFail(Restaurant, { businessName: blockingName });
    em.create(Block, {
      freelancer: (await findDemoFreelancerId(em))!,
      restaurant,
      blockedBy: 'restaurant',
      blockReason: 'Teste',
    });
    await em.flush();

    const after = OpenJobListSchema.parse((await bff.get('/api/jobs')).body);
    expect(after.map((job) => job.restaurant_name)).not.toContain(blockingName);
    expect(after).toEqual(before.filter((job) => job.restaurant_name !== blockingName));
  });
});
