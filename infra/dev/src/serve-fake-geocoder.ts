import { startFakeGeocoder } from './fake-geocoder';

/** `npm start`'s local geocoder (fake-geocoder.ts), on FAKE_GEOCODER_PORT. */
async function main(): Promise<void> {
  const port = Number(process.env.FAKE_GEOCODER_PORT ?? 4410);
  const server = await startFakeGeocoder(port);
  console.warn(JSON.stringify({ level: 'info', service: 'fake-geocoder', msg: 'listening', port }));
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
