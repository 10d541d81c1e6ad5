/**
 * Calling or messaging an allocated freelancer (issue 23): the business's agenda shows "Ligar"
 * (`tel:`) and "WhatsApp" (`https://wa.me/55…`) for the phone given after acceptance.
 */

/** Brazil's country calling code. */
export const BRAZIL_CALLING_CODE = '55';

/**
 * The phone as international digits (55 + area code + number), or null when it is not a Brazilian
 * number: 10 or 11 digits (area code + number), or those with 55 in front.
 */
export function internationalPhoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10 || digits.length === 11) return BRAZIL_CALLING_CODE + digits;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith(BRAZIL_CALLING_CODE)) return digits;
  return null;
}

/** The `tel:` link of a phone, or null. */
export function phoneCallLink(phone: string | null | undefined): string | null {
  const digits = internationalPhoneDigits(phone);
  return digits ? `tel:+${digits}` : null;
}

/** The WhatsApp link (wa.me) of a phone, or null. */
export function whatsAppLink(phone: string | null | undefined): string | null {
  const digits = internationalPhoneDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}
