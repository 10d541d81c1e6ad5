import '@turno/ui';
import { config, z } from 'zod';

// libs/ui/src/data/fetch-bff.ts turns zod's JIT off (strict CSP) through zod's global configuration,
// without importing zod: this breaks loudly if a zod upgrade moves that configuration.
describe('zod under the strict Content-Security-Policy', () => {
  it('is jitless once @turno/ui is loaded', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });
});
