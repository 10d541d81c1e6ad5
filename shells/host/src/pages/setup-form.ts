import { type AddressLookupResult, type ProfileSetupRequest } from '@turno/contracts';
import {
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  isValidCep,
  legalIdentityErrors as checkLegalIdentity,
  isValidPhone,
  MESSAGES,
  PRIVACY_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
} from '@turno/domain';

/** What the two steps of /setup hold while the person fills them. */
export interface SetupForm {
  name: string;
  /** Digits only (the phone widget's value). */
  phone: string;
  userType: 'restaurant' | 'freelancer' | '';
  businessName: string;
  /** The CEP widget's text: a CEP '12345-678' or a search text. */
  cep: string;
  address: string;
  addressNumber: string;
  cuisineType: string;
  contactPerson: string;
  /** The CNPJ widget's value: its characters without mask (issue 25). */
  cnpj: string;
  /** Razão social. */
  legalName: string;
  experienceYears: string;
  specialties: string[];
  /** Issue 27: the terms of use and the privacy notice accepted (the box on step 2). */
  acceptedTerms: boolean;
}

export const EMPTY_SETUP_FORM: SetupForm = {
  name: '',
  phone: '',
  userType: '',
  businessName: '',
  cep: '',
  address: '',
  addressNumber: '',
  cuisineType: '',
  contactPerson: '',
  cnpj: '',
  legalName: '',
  experienceYears: '',
  specialties: [],
  acceptedTerms: false,
};

export type SetupErrors = Partial<
  Record<'name' | 'phone' | 'userType' | 'businessName' | 'cnpj' | 'legalName' | 'acceptedTerms', string>
>;

/** Step 1 is blocked without a name (spec 01 §5), with a half-typed phone, or without an account type. */
export function stepOneErrors(form: SetupForm): SetupErrors {
  const errors: SetupErrors = {};
  if (!form.name.trim()) errors.name = MESSAGES.setup.nameRequired;
  if (form.phone && !isValidPhone(form.phone)) errors.phone = MESSAGES.setup.invalidPhone;
  if (!form.userType) errors.userType = MESSAGES.setup.invalidUserType;
  return errors;
}

export function stepTwoErrors(form: SetupForm): SetupErrors {
  const errors: SetupErrors = {};
  if (form.userType === 'restaurant' && !form.businessName.trim()) {
    errors.businessName = MESSAGES.setup.businessNameRequired;
  }
  if (!form.acceptedTerms) errors.acceptedTerms = PRIVACY_MESSAGES.termsRequired;
  return errors;
}

/**
 * A business's legal identity on step 2 (issue 25): CNPJ with valid check digits and razão social of
 * 2–150 characters, both required (the server answers the same messages).
 */
export function legalIdentityErrors(form: SetupForm): SetupErrors {
  if (form.userType !== 'restaurant') return {};
  return checkLegalIdentity(form, { cnpj: true, legalName: true });
}

/** Years of experience: a whole number ≥ 0; anything non-numeric becomes 0 (spec 01 §5). */
export function experienceYears(text: string): number {
  const value = Math.floor(Number(text.trim().replace(',', '.')));
  if (!Number.isFinite(value) || value < EXPERIENCE_YEARS_MIN) return 0;
  return Math.min(value, EXPERIENCE_YEARS_MAX);
}

const orNull = (text: string): string | null => text.trim() || null;

/** The POST /api/profile/setup body (spec 01 §3 "Profile setup payload"; hourlyRate always 0). */
export function setupRequest(form: SetupForm): ProfileSetupRequest {
  if (!form.userType) throw new Error('setupRequest: no account type');
  if (!form.acceptedTerms) throw new Error('setupRequest: the terms are not accepted');
  const restaurant = form.userType === 'restaurant';
  return {
    name: form.name.trim(),
    phone: form.phone || null,
    userType: form.userType,
    businessName: restaurant ? orNull(form.businessName) : null,
    address: restaurant ? orNull(form.address) : null,
    addressNumber: restaurant ? orNull(form.addressNumber) : null,
    cep: restaurant && isValidCep(form.cep) ? form.cep : null,
    cuisineType: restaurant ? orNull(form.cuisineType) : null,
    contactPerson: restaurant ? orNull(form.contactPerson) : null,
    // Left out when empty (the server answers "CNPJ é obrigatório" for a business).
    cnpj: restaurant && form.cnpj ? form.cnpj : undefined,
    legalName: restaurant && form.legalName.trim() ? form.legalName.trim() : undefined,
    experienceYears: restaurant ? null : experienceYears(form.experienceYears),
    specialties: restaurant ? null : form.specialties,
    hourlyRate: 0,
    // The box ticked, and the versions of the texts its links open.
    acceptedTerms: true,
    termsVersion: TERMS_VERSION,
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
  };
}

/**
 * The address field's text from a lookup: "Rua, Bairro, Cidade - UF" (the CEP has its own field;
 * the number is typed beside it). Falls back to the service's formatted address.
 */
export function streetAddress(found: AddressLookupResult): string {
  const city = [found.localidade, found.uf].filter(Boolean).join(' - ');
  return [found.logradouro, found.bairro, city].filter(Boolean).join(', ') || found.formattedAddress;
}
