/**
 * Checks and stored forms of the profile fields shared by the account transitions: phone and CEP
 * as digits, CPF as 11 digits, PIX key normalised, specialties among the seven (or already stored).
 * Optional fields: undefined leaves the stored value, null or '' clears it.
 */
import {
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
  MESSAGES,
  isEstablishmentType,
  isSpecialty,
  isValidCep,
  isValidCpf,
  isValidExperienceYears,
  isValidPhone,
  isValidPixKey,
  normalizeCnpj,
  normalizePixKey,
  onlyDigits,
} from '@turno/domain';
import { optionalText } from '../shared/access';
import { invalid } from '../shared/domain-error';

export interface RestaurantProfileInput {
  /** The responsible person. */
  name?: string | null;
  businessName?: string | null;
  phone?: string | null;
  address?: string | null;
  addressNumber?: string | null;
  cep?: string | null;
  /** Establishment type, one of ESTABLISHMENT_TYPES. */
  cuisineType?: string | null;
  contactPerson?: string | null;
  /** CNPJ, masked or bare (check digits verified); stored as its 14 characters. */
  cnpj?: string | null;
  /** Razão social, trimmed, 2–150 characters. */
  legalName?: string | null;
}

export interface FreelancerProfileInput {
  name?: string | null;
  phone?: string | null;
  address?: string | null;
  cpf?: string | null;
  pixKey?: string | null;
  experienceYears?: number | string | null;
  specialties?: readonly string[] | null;
}

/** The optional restaurant fields, checked; `storedType` (a legacy value) stays acceptable. */
export function restaurantOptionalFields(input: RestaurantProfileInput, storedType?: string | null) {
  const cuisineType = optionalField(input.cuisineType, (type) => {
    if (type !== storedType && !isEstablishmentType(type)) {
      throw invalid('invalid_establishment_type', MESSAGES.validation.invalidEstablishmentType);
    }
    return type;
  });
  return definedOnly({
    phone: phoneField(input.phone),
    address: optionalField(input.address),
    addressNumber: optionalField(input.addressNumber),
    cep: optionalField(input.cep, (cep) => {
      if (!isValidCep(cep)) throw invalid('invalid_cep', MESSAGES.validation.invalidCep);
      return onlyDigits(cep);
    }),
    cuisineType,
    contactPerson: optionalField(input.contactPerson),
  });
}

/**
 * The business's legal identity (issue 25), checked: CNPJ with its check digits (stored as 14
 * characters), razão social trimmed to 2–150 characters. Undefined leaves a field as stored; empty
 * clears it only while it was never set (`stored`): a business set up before issue 25 may still
 * lack them, but once given they stay required. `required` (a new business's setup) asks for both.
 */
export function restaurantLegalFields(
  input: Pick<RestaurantProfileInput, 'cnpj' | 'legalName'>,
  stored: { cnpj?: string | null; legalName?: string | null } = {},
  required = false,
) {
  const cnpj = optionalField(input.cnpj, (text) => {
    const normalized = normalizeCnpj(text);
    if (!normalized) throw invalid('invalid_cnpj', MESSAGES.restaurants.invalidCnpj);
    return normalized;
  });
  const legalName = optionalField(input.legalName, (text) => {
    const name = text.replace(/\s+/g, ' ');
    if (name.length < LEGAL_NAME_MIN_LENGTH || name.length > LEGAL_NAME_MAX_LENGTH) {
      throw invalid('invalid_legal_name', MESSAGES.restaurants.legalNameLength);
    }
    return name;
  });
  // Cleared: refused when required or already set. Left out: refused only when required and unset.
  const refused = (value: string | null | undefined, before: string | null | undefined) =>
    value === null ? required || Boolean(before) : value === undefined && required && !before;
  if (refused(cnpj, stored.cnpj)) throw invalid('cnpj_required', MESSAGES.restaurants.cnpjRequired);
  if (refused(legalName, stored.legalName)) {
    throw invalid('legal_name_required', MESSAGES.restaurants.legalNameRequired);
  }
  return definedOnly({ cnpj, legalName });
}

/** Name, CPF and PIX key of a freelancer profile (edit or admin form): required and valid. */
export function freelancerIdentityFields(input: FreelancerProfileInput) {
  const name = optionalText(input.name);
  const cpf = optionalText(input.cpf);
  const pixKey = optionalText(input.pixKey);
  if (!name || !cpf || !pixKey) throw invalid('required_fields', MESSAGES.freelancers.requiredFields);
  if (!isValidCpf(cpf)) throw invalid('invalid_cpf', MESSAGES.validation.invalidCpf);
  if (!isValidPixKey(pixKey)) throw invalid('invalid_pix_key', MESSAGES.validation.invalidPixKey);
  return { name, cpf: onlyDigits(cpf), pixKey: normalizePixKey(pixKey) as string };
}

/** Phone, address, experience and specialties of a freelancer profile, checked. */
export function freelancerOptionalFields(
  input: FreelancerProfileInput,
  storedSpecialties: readonly string[] = [],
) {
  return definedOnly({
    phone: phoneField(input.phone),
    address: optionalField(input.address),
    experienceYears: experienceYearsField(input.experienceYears),
    specialties: specialtiesField(input.specialties, storedSpecialties),
  });
}

/** Specialties: each one of the seven, or one already stored (a legacy value is kept, never added). */
export function specialtiesField(
  value: readonly string[] | null | undefined,
  stored: readonly string[] = [],
): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value)) throw invalid('invalid_specialty', MESSAGES.validation.invalidSpecialty);
  const names = [...new Set(value.map((item) => (typeof item === 'string' ? item.trim() : '')))];
  if (names.some((name) => !isSpecialty(name) && !stored.includes(name))) {
    throw invalid('invalid_specialty', MESSAGES.validation.invalidSpecialty);
  }
  return names;
}

function experienceYearsField(value: number | string | null | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return 0;
  const years = typeof value === 'string' ? Number(value.trim()) : value;
  if (!isValidExperienceYears(years)) {
    throw invalid('invalid_experience_years', MESSAGES.validation.experienceYearsOutOfRange);
  }
  return years;
}

function phoneField(value: string | null | undefined): string | null | undefined {
  return optionalField(value, (phone) => {
    if (!isValidPhone(phone)) throw invalid('invalid_phone', MESSAGES.validation.invalidPhone);
    return onlyDigits(phone);
  });
}

/** undefined → undefined (unchanged); empty → null; otherwise the trimmed text through `check`. */
function optionalField(
  value: string | null | undefined,
  check: (text: string) => string = (text) => text,
): string | null | undefined {
  if (value === undefined) return undefined;
  const text = optionalText(value);
  return text === null ? null : check(text);
}

/** The object without its undefined entries (so an assign leaves those fields alone). */
function definedOnly<T extends Record<string, unknown>>(
  fields: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}
