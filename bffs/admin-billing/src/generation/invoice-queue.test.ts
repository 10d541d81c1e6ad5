import { createServer, type AddressInfo, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { invoiceQueue } from './invoice-queue';

describe('the invoices queue of the BFF (a producer)', () => {
  let closedPort: number;
  beforeAll(async () => {
    // A port nothing listens on: a Redis that is down.
    const probe: Server = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((done) => probe.close(() => done()));
  });

  it('says nothing on the console while Redis is down (the BFF logs an outage itself)', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const redis = new Redis({ port: closedPort, maxRetriesPerRequest: null, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    try {
      const queue = invoiceQueue(redis);
      expect(invoiceQueue(redis)).toBe(queue);
      await new Promise((done) => setTimeout(done, 400));
      expect(printed).not.toHaveBeenCalled();
    } finally {
      redis.disconnect();
      printed.mockRestore();
    }
  });
});
