import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createShellBff } from './app';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createShellBff, { seed: false });
});
afterAll(() => bff.close());

describe('shell BFF', () => {
  it('answers /api/users/me with 401 in pt-BR while nobody is signed in', async () => {
    expect(await bff.get('/api/users/me')).toEqual({ status: 401, body: { error: 'Não autenticado' } });
  });

  it('is alive and ready', async () => {
    expect((await bff.get('/livez')).status).toBe(200);
    expect((await bff.get('/readyz')).status).toBe(200);
  });
});
