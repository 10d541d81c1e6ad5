import { gatewayProxies, portalConfig, remotesConfig } from './config';

describe('portal configuration', () => {
  it('uses the documented ports by default', () => {
    const config = portalConfig({});
    expect(config.gatewayPort).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.remotePorts).toEqual({
      freelancer: 3101,
      restaurant: 3102,
      'admin-ops': 3103,
      'admin-billing': 3104,
    });
    expect(config.bffPorts).toEqual({
      shell: 4000,
      freelancer: 4001,
      restaurant: 4002,
      'admin-ops': 4003,
      'admin-billing': 4004,
    });
  });

  it('moves every port with PORT_OFFSET and one port with its own variable', () => {
    const config = portalConfig({ PORT_OFFSET: '10000', BFF_ADMIN_OPS_PORT: '5003' });
    expect(config.gatewayPort).toBe(18080);
    expect(config.remotePorts.restaurant).toBe(13102);
    expect(config.bffPorts['admin-ops']).toBe(5003);
  });

  it('writes /remotes.json from the environment, so one host build serves every environment', () => {
    const config = portalConfig({ REMOTE_ADMIN_BILLING_URL: 'https://billing.cdn.example' });
    expect(remotesConfig(config).remotes).toEqual([
      { name: 'freelancer', entry: 'http://localhost:3101/mf-manifest.json' },
      { name: 'restaurant', entry: 'http://localhost:3102/mf-manifest.json' },
      { name: 'admin_ops', entry: 'http://localhost:3103/mf-manifest.json' },
      { name: 'admin_billing', entry: 'https://billing.cdn.example/mf-manifest.json' },
    ]);
  });

  it('routes /api to the shell BFF and /bff/<role> to each BFF', () => {
    expect(gatewayProxies(portalConfig({}))).toEqual({
      '/api': 'http://127.0.0.1:4000',
      '/psp': 'http://127.0.0.1:4004',
      '/bff/freelancer': 'http://127.0.0.1:4001',
      '/bff/restaurant': 'http://127.0.0.1:4002',
      '/bff/admin-ops': 'http://127.0.0.1:4003',
      '/bff/admin-billing': 'http://127.0.0.1:4004',
    });
  });

  it('sends the gateway to BFFs elsewhere when BFF_<ROLE>_URL says so (a cluster)', () => {
    const proxies = gatewayProxies(portalConfig({ BFF_RESTAURANT_URL: 'http://restaurant-bff/' }));
    expect(proxies['/bff/restaurant']).toBe('http://restaurant-bff');
    expect(proxies['/bff/freelancer']).toBe('http://127.0.0.1:4001');
  });

  it('refuses a port that is not a number', () => {
    expect(() => portalConfig({ GATEWAY_PORT: 'oito' })).toThrow('GATEWAY_PORT must be a port number');
  });
});
