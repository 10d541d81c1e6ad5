/**
 * Money is stored and computed in integer centavos; the wire and the spec speak reais (189.9).
 * These two functions are the only place where the two meet.
 */
export function toCentavos(reais: number): number {
  return Math.round(reais * 100);
}
export function toReais(centavos: number): number {
  return centavos / 100;
}
