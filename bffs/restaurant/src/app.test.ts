import { JobListSchema } from '@turno/contracts';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from './app';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(() => bff.close());

describe('restaurant BFF', () => {
  it("lists the demo restaurant's vacancies, in every status, as its contract says", async () => {
    const { status, body } = await bff.get('/api/jobs');
    expect(status).toBe(200);
    const jobs = JobListSchema.parse(body);
    expect(jobs.length).toBeGreaterThan(0);
    expect(new Set(jobs.map((job) => job.restaurant_name))).toEqual(new Set(['Supermercado Bom Preço']));
    expect(new Set(jobs.map((job) => job.status))).toEqual(new Set(['open', 'assigned', 'completed', 'cancelled']));
  });

  it('is ready only with PostgreSQL and Redis', async () => {
    expect(await bff.get('/readyz')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } },
    });
  });
});
