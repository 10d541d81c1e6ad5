/**
 * Pix keys as a PSP takes them: the key's type in the DICT's names, and why a key is refused in
 * pt-BR. The detection itself is `pixKeyType`/`normalizePixKey` of validation.ts (one source of
 * truth: the Perfil form uses the same).
 */
import { type PixKeyType } from '../validation';
/** The DICT's (and the PSPs') names of the key types. */
export type DictKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
/** Turno's key type → the DICT's: 'random' → 'EVP', 'phone' → 'PHONE'. */
export declare function dictKeyType(type: PixKeyType): DictKeyType;
export type PixKeyCheck = {
    ok: true;
    type: PixKeyType;
    key: string;
} | {
    ok: false;
    error: string;
};
/**
 * A Pix key checked for sending: its type and the key as the PSP takes it (CPF 11 digits, CNPJ 14,
 * e-mail and random key lower case, phone '+55DDDNNNNNNNNN'), or the pt-BR reason it is refused
 * (a CPF with wrong check digits says so, rather than "invalid key").
 */
export declare function checkPixKey(value: string | null | undefined): PixKeyCheck;
/** The pt-BR reason a Pix key is refused, or null when it is a valid key. */
export declare function pixKeyError(value: string | null | undefined): string | null;
