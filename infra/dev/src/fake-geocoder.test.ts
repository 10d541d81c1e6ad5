import type { AddressInfo } from 'node:net';
import { nominatimGeocoder } from '@turno/core';
import { portalConfig } from './config';
import { startFakeGeocoder } from './fake-geocoder';
import { portalProcesses } from './portal-processes';

describe("npm start's fake geocoder", () => {
  it('places the demo businesses, says ambiguous and not found as Nominatim would', async () => {
    const server = await startFakeGeocoder(0);
    try {
      const { port } = server.address() as AddressInfo;
      const geocode = nominatimGeocoder({
        searchUrl: `http://127.0.0.1:${port}/search`,
        userAgent: 'test',
        timeoutMs: 2_000,
      });
      expect(await geocode('Rua Vergueiro, 1500, Vila Mariana, São Paulo - SP, 04101-000')).toEqual({
        status: 'found',
        latitude: -23.5785,
        longitude: -46.6393,
      });
      expect(await geocode('Rua Ambígua, 10')).toEqual({ status: 'ambiguous' });
      expect(await geocode('Rua Inexistente, 1')).toEqual({ status: 'not_found' });
    } finally {
      server.close();
    }
  });

  it('runs under npm start unless a real geocoder is configured, and the admin-ops BFF uses it', () => {
    const local = portalProcesses(portalConfig({ PORT_OFFSET: '10000' }));
    expect(local.find((spec) => spec.name === 'fake-geocoder')).toMatchObject({
      env: { FAKE_GEOCODER_PORT: '14410' },
    });
    expect(local.find((spec) => spec.name === 'bff-admin-ops')?.env.GEOCODER_URL).toBe(
      'http://127.0.0.1:14410/search',
    );
    const real = portalProcesses(portalConfig({ GEOCODER_URL: 'https://geo.example/search' }));
    expect(real.find((spec) => spec.name === 'fake-geocoder')).toBeUndefined();
    expect(real.find((spec) => spec.name === 'bff-admin-ops')?.env.GEOCODER_URL).toBe(
      'https://geo.example/search',
    );
  });
});
