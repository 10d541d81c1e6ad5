/**
 * Brazilian identifiers and contact data (CPF, CNPJ, PIX key, phone, CEP, e-mail), their input
 * masks, and the small range checks of the forms (rating, quantity, experience, photo).
 */
import {
  ADMIN_QUANTITY_MAX,
  BUSINESS_QUANTITY_MAX,
  CEP_DIGITS,
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
  PHONE_AREA_CODE_MAX,
  PHONE_AREA_CODE_MIN,
  PHONE_DIGITS,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_BYTES,
  QUANTITY_MIN,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
} from './limits';
import * as MESSAGES from './messages';

/** The digits of a text, everything else dropped: '(11) 98765-4321' → '11987654321'. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

// ---------------------------------------------------------------------------------------------
// CPF and CNPJ
// ---------------------------------------------------------------------------------------------

/** Bare (11 digits) or masked ('000.000.000-00'; each separator optional). */
const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
/** Bare (14 characters) or masked ('00.000.000/0000-00'). The first 12 may be letters (alphanumeric CNPJ, from July 2026). */
const CNPJ_SHAPE = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/;

/** Mod-11 check digit of the Receita Federal: sum of value × weight, remainder < 2 → 0, else 11 − remainder. */
function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function allSame(values: readonly (string | number)[]): boolean {
  return values.every((value) => value === values[0]);
}

/** True for a CPF with correct check digits, masked or bare. Repeated digits ('111.111.111-11') are rejected. */
export function isValidCpf(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!CPF_SHAPE.test(text)) return false;
  const digits = [...onlyDigits(text)].map(Number);
  if (allSame(digits)) return false;
  const first = mod11CheckDigit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11CheckDigit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * True for a CNPJ with correct check digits, masked or bare. Accepts the alphanumeric CNPJ
 * introduced in July 2026 (letters in the first 12 positions, valued as char code − 48).
 * Repeated characters ('00.000.000/0000-00') are rejected.
 */
export function isValidCnpj(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim().toUpperCase();
  if (!CNPJ_SHAPE.test(text)) return false;
  const characters = [...text.replace(/[^0-9A-Z]/g, '')];
  if (allSame(characters)) return false;
  const values = characters.map((character) => character.charCodeAt(0) - 48);
  const first = mod11CheckDigit(values.slice(0, 12), CNPJ_FIRST_WEIGHTS);
  const second = mod11CheckDigit(values.slice(0, 13), CNPJ_SECOND_WEIGHTS);
  return values[12] === first && values[13] === second;
}

/**
 * A valid CNPJ in the form to store: its 14 characters, upper case, without mask
 * ('11.222.333/0001-81' → '11222333000181'); null when it is not a valid CNPJ.
 */
export function normalizeCnpj(value: string | null | undefined): string | null {
  if (!isValidCnpj(value)) return null;
  return (value as string)
    .trim()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

/** Razão social as stored: trimmed, inner runs of spaces folded to one. */
export function normalizeLegalName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * The forms' check of a business's legal identity (issue 25), the server's rules: a CNPJ with
 * valid check digits and a razão social of 2–150 characters. `required` (setup, or once set in
 * Perfil): an empty one is refused too. Answers the pt-BR message of each field in error.
 */
export function legalIdentityErrors(
  fields: { cnpj: string; legalName: string },
  required: { cnpj: boolean; legalName: boolean },
): { cnpj?: string; legalName?: string } {
  const errors: { cnpj?: string; legalName?: string } = {};
  const cnpj = fields.cnpj.trim();
  const legalName = normalizeLegalName(fields.legalName);
  if (!cnpj) {
    if (required.cnpj) errors.cnpj = MESSAGES.restaurants.cnpjRequired;
  } else if (!isValidCnpj(cnpj)) errors.cnpj = MESSAGES.restaurants.invalidCnpj;
  if (!legalName) {
    if (required.legalName) errors.legalName = MESSAGES.restaurants.legalNameRequired;
  } else if (legalName.length < LEGAL_NAME_MIN_LENGTH || legalName.length > LEGAL_NAME_MAX_LENGTH) {
    errors.legalName = MESSAGES.restaurants.legalNameLength;
  }
  return errors;
}

/** Progressive CPF mask: '52998224725' → '529.982.247-25'; partial input is masked as far as it goes. */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return (
    [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean).join('.') +
    (digits.length > 9 ? `-${digits.slice(9)}` : '')
  );
}

/** Progressive CNPJ mask: '11222333000181' → '11.222.333/0001-81'. */
export function formatCnpj(value: string): string {
  const characters = value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  let result = [characters.slice(0, 2), characters.slice(2, 5), characters.slice(5, 8)]
    .filter(Boolean)
    .join('.');
  if (characters.length > 8) result += `/${characters.slice(8, 12)}`;
  if (characters.length > 12) result += `-${characters.slice(12)}`;
  return result;
}

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const EMAIL_MAX_LENGTH = 254;

/** A pragmatic e-mail check: one '@', no spaces, a dotted domain, at most 254 characters. */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(text);
}

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

function hasValidAreaCode(digits: string): boolean {
  const areaCode = Number(digits.slice(0, 2));
  return areaCode >= PHONE_AREA_CODE_MIN && areaCode <= PHONE_AREA_CODE_MAX;
}

/** True for 11 digits (DDD + number) with an area code 11..99; the '(DD) 99999-9999' mask is accepted. */
export function isValidPhone(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!/^[\d\s()-]+$/.test(text)) return false;
  const digits = onlyDigits(text);
  return digits.length === PHONE_DIGITS && hasValidAreaCode(digits);
}

/**
 * The phone widget's keystroke filter: the digits of the input, at most 11, or null when the
 * input must be refused because its first two digits are not an area code 11..99.
 */
export function sanitizePhoneInput(value: string): string | null {
  const digits = onlyDigits(value).slice(0, PHONE_DIGITS);
  if (digits.length >= 2 && !hasValidAreaCode(digits)) return null;
  return digits;
}

/**
 * Phone mask '(DD) 99999-9999'. Partial input is formatted as far as it goes:
 * '1' → '(1', '11' → '(11', '119876' → '(11) 9876', '11987654' → '(11) 98765-4'.
 * Non-digits are dropped and digits beyond 11 ignored.
 */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, PHONE_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const areaCode = digits.slice(0, 2);
  const number = digits.slice(2);
  if (number.length <= 5) return `(${areaCode}) ${number}`;
  return `(${areaCode}) ${number.slice(0, 5)}-${number.slice(5)}`;
}

// ---------------------------------------------------------------------------------------------
// CEP
// ---------------------------------------------------------------------------------------------

/** True for a CEP of 8 digits, bare or as '12345-678'. */
export function isValidCep(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{5}-?\d{3}$/.test(value.trim());
}

/** CEP mask: '12345678' → '12345-678'; partial input as far as it goes ('1234' → '1234', '123456' → '12345-6'). */
export function formatCep(value: string): string {
  const digits = onlyDigits(value).slice(0, CEP_DIGITS);
  return digits.length <= 5 ? digits : `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

// ---------------------------------------------------------------------------------------------
// PIX key
// ---------------------------------------------------------------------------------------------

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';

const PIX_EMAIL_MAX_LENGTH = 77;
const PIX_PHONE_SHAPE = /^\+55\d{11}$/;
const PIX_RANDOM_KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A phone as the phone widget shows it, '(11) 98765-4321': a phone key without its +55 (issue 9). */
const WIDGET_PHONE_SHAPE = /^\(\d{2}\)\s?\d{5}-?\d{4}$/;

/** A phone PIX key with the mask characters dropped: '+55 (11) 98765-4321' → '+5511987654321'. */
function compactPhoneKey(text: string): string {
  const compact = text.replace(/[\s()-]/g, '');
  return WIDGET_PHONE_SHAPE.test(text) ? `+55${compact}` : compact;
}

/**
 * The kind of a PIX key, or null when it is none: a valid CPF or CNPJ (masked or bare), an e-mail
 * (at most 77 characters), a phone written '+55' + DDD + number ('+5511987654321'; spaces,
 * parentheses and hyphens are tolerated) or a random key (a UUID).
 * A bare 11-digit number is read as a CPF: a phone key starts with +55, or is written as the phone
 * widget shows it ('(11) 98765-4321', stored '+5511987654321').
 */
export function pixKeyType(value: string | null | undefined): PixKeyType | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (PIX_RANDOM_KEY_SHAPE.test(text)) return 'random';
  if (text.includes('@')) return isValidEmail(text) && text.length <= PIX_EMAIL_MAX_LENGTH ? 'email' : null;
  if (text.startsWith('+') || WIDGET_PHONE_SHAPE.test(text)) {
    const phone = compactPhoneKey(text);
    return PIX_PHONE_SHAPE.test(phone) && hasValidAreaCode(phone.slice(3)) ? 'phone' : null;
  }
  if (isValidCpf(text)) return 'cpf';
  if (isValidCnpj(text)) return 'cnpj';
  return null;
}

/**
 * A bare 11-digit key whose first two digits are an area code could be a CPF or a cell phone
 * ('11987654321'): `pixKeyType` reads it as a CPF, so the form asks which it is (issue 22).
 */
export function isAmbiguousPixKey(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return /^\d{11}$/.test(text) && hasValidAreaCode(text);
}

/** The key to send for a bare 11-digit key the person said is a CPF or a phone ('+55' + DDD + number). */
export function pixKeyAs(value: string, kind: 'cpf' | 'phone'): string {
  const digits = onlyDigits(value);
  return kind === 'phone' ? `+55${digits}` : digits;
}

/** True for a CPF, CNPJ, e-mail, +55 phone or random (UUID) PIX key. See `pixKeyType`. */
export function isValidPixKey(value: string | null | undefined): boolean {
  return pixKeyType(value) !== null;
}

/**
 * The PIX key in the form to store: CPF as 11 digits, CNPJ as 14 characters, e-mail and random
 * key in lower case, phone as '+55DDDNNNNNNNNN'. Null when the key is not valid.
 */
export function normalizePixKey(value: string | null | undefined): string | null {
  const type = pixKeyType(value);
  if (type === null || typeof value !== 'string') return null;
  const text = value.trim();
  switch (type) {
    case 'cpf':
      return onlyDigits(text);
    case 'cnpj':
      return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
    case 'phone':
      return compactPhoneKey(text);
    case 'email':
    case 'random':
      return text.toLowerCase();
  }
}

// ---------------------------------------------------------------------------------------------
// Form ranges
// ---------------------------------------------------------------------------------------------

/** Who creates vacancies: the business itself ('restaurant') or an admin on its behalf. */
export type VacancyCreator = 'restaurant' | 'admin';

/** Highest quantity per date: 5 for a business, 10 for an admin. */
export function maxQuantityPerDate(creator: VacancyCreator): number {
  return creator === 'admin' ? ADMIN_QUANTITY_MAX : BUSINESS_QUANTITY_MAX;
}

/** True for an integer quantity per date within 1..5 (business) or 1..10 (admin). */
export function isValidQuantity(quantity: unknown, creator: VacancyCreator): boolean {
  return (
    Number.isInteger(quantity) &&
    (quantity as number) >= QUANTITY_MIN &&
    (quantity as number) <= maxQuantityPerDate(creator)
  );
}

/** A typed quantity brought into range (non-numbers become 1, fractions are truncated). */
export function clampQuantity(quantity: unknown, creator: VacancyCreator): number {
  const number = Math.trunc(Number(quantity));
  if (!Number.isFinite(number)) return QUANTITY_MIN;
  return Math.min(Math.max(number, QUANTITY_MIN), maxQuantityPerDate(creator));
}

/** True for an integer rating 1..5. */
export function isValidRating(rating: unknown): boolean {
  return Number.isInteger(rating) && (rating as number) >= RATING_MIN && (rating as number) <= RATING_MAX;
}

/** True when the (optional) rating comment has at most 500 characters. */
export function isValidRatingComment(comment: string | null | undefined): boolean {
  return comment === null || comment === undefined || comment.length <= RATING_COMMENT_MAX_LENGTH;
}

/** True for whole years of experience within 0..50. */
export function isValidExperienceYears(years: unknown): boolean {
  return (
    Number.isInteger(years) &&
    (years as number) >= EXPERIENCE_YEARS_MIN &&
    (years as number) <= EXPERIENCE_YEARS_MAX
  );
}

/**
 * Years of experience from form input: non-numeric becomes 0 (spec 01 §5), fractions are
 * truncated, and the result is kept within 0..50.
 */
export function parseExperienceYears(value: unknown): number {
  const number = Math.trunc(typeof value === 'string' ? Number(value.trim() || NaN) : Number(value));
  if (!Number.isFinite(number)) return EXPERIENCE_YEARS_MIN;
  return Math.min(Math.max(number, EXPERIENCE_YEARS_MIN), EXPERIENCE_YEARS_MAX);
}

/**
 * The reason a profile photo is refused, or null when it is fine. Takes anything with the
 * `type` (MIME) and `size` (bytes) of a browser File or an uploaded part.
 */
export function photoValidationError(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return MESSAGES.photos.missing;
  if (!file.type.startsWith('image/')) return MESSAGES.photos.notImage;
  if (file.size < PHOTO_MIN_BYTES) return MESSAGES.photos.tooSmall;
  if (file.size > PHOTO_MAX_BYTES) return MESSAGES.photos.tooLarge;
  return null;
}
