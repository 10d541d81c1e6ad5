import fc from 'fast-check';
import { toCentavos, toReais } from './money';

describe('money', () => {
  it('converts reais to centavos without float residue', () => {
    expect(toCentavos(189.9)).toBe(18_990);
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(149)).toBe(14_900);
    expect(toReais(18_990)).toBe(189.9);
    expect(toReais(1_990)).toBe(19.9);
  });

  it('property: centavos → reais → centavos is the identity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        (centavos) => toCentavos(toReais(centavos)) === centavos,
      ),
    );
  });
});
