import { gatewayConfig, gatewayProxies, remotesConfig } from './config';

describe('gateway configuration', () => {
  it('uses the ports of npm start by default and moves them all with PORT_OFFSET', () => {
    expect(gatewayConfig({})).toMatchObject({
      gatewayPort: 8080,
      publicUrl: 'http://localhost:8080',
      remoteUrls: { restaurant: 'http://localhost:3102' },
      bffUrls: { shell: 'http://127.0.0.1:4000', 'admin-billing': 'http://127.0.0.1:4004' },
    });
    expect(gatewayConfig({ PORT_OFFSET: '21000' })).toMatchObject({
      gatewayPort: 29080,
      remotePorts: { freelancer: 24101 },
      bffUrls: { restaurant: 'http://127.0.0.1:25002' },
    });
  });

  it('reads the deployment from the environment: public URL, remotes and BFFs elsewhere', () => {
    const config = gatewayConfig({
      PUBLIC_URL: 'https://portal.example/',
      REMOTE_RESTAURANT_URL: 'https://restaurant.cdn.example',
      BFF_SHELL_URL: 'http://bff-shell:4000/',
    });
    expect(config.publicUrl).toBe('https://portal.example');
    expect(remotesConfig(config).remotes).toContainEqual({
      name: 'restaurant',
      entry: 'https://restaurant.cdn.example/mf-manifest.json',
    });
    expect(gatewayProxies(config)['/api']).toBe('http://bff-shell:4000');
    expect(() => gatewayConfig({ REMOTE_FREELANCER_PORT: '70000' })).toThrow(
      'REMOTE_FREELANCER_PORT must be a port number',
    );
  });
});
