/** Generates CPFs for the demo data (validation lives in @turno/domain `isValidCpf`). */

/** CPF check digits (mod 11) for the first 9 or 10 digits. */
function checkDigit(digits: string): number {
  const weightStart = digits.length + 1;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weightStart - index), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A CPF (11 digits, no punctuation) with valid check digits, from its 9-digit base. */
export function cpfFromBase(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error(`CPF base must have 9 digits: ${base}`);
  const first = checkDigit(base);
  const second = checkDigit(base + first);
  return `${base}${first}${second}`;
}
