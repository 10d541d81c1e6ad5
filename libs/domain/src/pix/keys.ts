/**
 * Pix keys as a PSP takes them: the key's type in the DICT's names, and why a key is refused in
 * pt-BR. The detection itself is `pixKeyType`/`normalizePixKey` of validation.ts (one source of
 * truth: the Perfil form uses the same).
 */
import {
  isValidCnpj,
  isValidCpf,
  normalizePixKey,
  onlyDigits,
  pixKeyType,
  type PixKeyType,
} from '../validation';
import { PIX_KEY_MESSAGES } from './pix-messages';

/** The DICT's (and the PSPs') names of the key types. */
export type DictKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

const DICT_TYPES: Record<PixKeyType, DictKeyType> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'EMAIL',
  phone: 'PHONE',
  random: 'EVP',
};

/** Turno's key type → the DICT's: 'random' → 'EVP', 'phone' → 'PHONE'. */
export function dictKeyType(type: PixKeyType): DictKeyType {
  return DICT_TYPES[type];
}

export type PixKeyCheck = { ok: true; type: PixKeyType; key: string } | { ok: false; error: string };

const UUID_LIKE = /^[0-9a-z]{8}-?[0-9a-z]{4}-?[0-9a-z]{4}-?[0-9a-z]{4}-?[0-9a-z]{12}$/i;

/**
 * A Pix key checked for sending: its type and the key as the PSP takes it (CPF 11 digits, CNPJ 14,
 * e-mail and random key lower case, phone '+55DDDNNNNNNNNN'), or the pt-BR reason it is refused
 * (a CPF with wrong check digits says so, rather than "invalid key").
 */
export function checkPixKey(value: string | null | undefined): PixKeyCheck {
  if (typeof value !== 'string' || value.trim() === '')
    return { ok: false, error: PIX_KEY_MESSAGES.required };
  const type = pixKeyType(value);
  const key = normalizePixKey(value);
  if (type && key) return { ok: true, type, key };
  return { ok: false, error: pixKeyRefusal(value.trim()) };
}

function pixKeyRefusal(text: string): string {
  if (text.includes('@')) return PIX_KEY_MESSAGES.invalidEmail;
  if (text.startsWith('+') || /^\(\d{2}\)/.test(text)) return PIX_KEY_MESSAGES.invalidPhone;
  if (UUID_LIKE.test(text) || (text.includes('-') && /[a-f]/i.test(text) && text.length >= 32))
    return PIX_KEY_MESSAGES.invalidRandom;
  const digits = onlyDigits(text);
  if (/^[\d.\s/-]+$/.test(text) && digits.length === 11 && !isValidCpf(digits))
    return PIX_KEY_MESSAGES.invalidCpf;
  if (
    /^[\dA-Za-z.\s/-]+$/.test(text) &&
    text.replace(/[^0-9A-Za-z]/g, '').length === 14 &&
    !isValidCnpj(text)
  )
    return PIX_KEY_MESSAGES.invalidCnpj;
  return PIX_KEY_MESSAGES.invalid;
}

/** The pt-BR reason a Pix key is refused, or null when it is a valid key. */
export function pixKeyError(value: string | null | undefined): string | null {
  const check = checkPixKey(value);
  return check.ok ? null : check.error;
}
