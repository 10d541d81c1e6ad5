/** The standard writes amounts as decimal strings with two places ("123.45"); Turno counts cents. */
export function centsToValor(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`An amount is a positive whole number of cents, got ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

export function valorToCents(valor: string): number {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(valor.trim());
  if (!match) throw new RangeError(`Not an amount of the standard ("0.00"): "${valor}"`);
  return Number(match[1]) * 100 + Number(match[2]);
}
