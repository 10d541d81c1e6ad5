import { MESSAGES, PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@turno/domain';
import {
  EMPTY_SETUP_FORM,
  experienceYears,
  legalIdentityErrors,
  setupRequest,
  stepOneErrors,
  stepTwoErrors,
  streetAddress,
} from './setup-form';

/** A form whose terms box is ticked (issue 27), unless `over` says otherwise. */
const form = (over: Partial<typeof EMPTY_SETUP_FORM>) => ({
  ...EMPTY_SETUP_FORM,
  acceptedTerms: true,
  ...over,
});

describe('setup form', () => {
  it('blocks step 1 without a name, with a half-typed phone, or without an account type', () => {
    expect(stepOneErrors(form({}))).toEqual({
      name: 'Nome é obrigatório',
      userType: 'Escolha o tipo de conta: Mercado/Hortifruti ou Freelancer.',
    });
    expect(stepOneErrors(form({ name: '  ', phone: '1198', userType: 'freelancer' }))).toMatchObject({
      name: expect.any(String),
      phone: expect.stringMatching(/Telefone incompleto/),
    });
    expect(stepOneErrors(form({ name: 'Ana', phone: '', userType: 'freelancer' }))).toEqual({});
    expect(stepOneErrors(form({ name: 'Ana', phone: '11987654321', userType: 'restaurant' }))).toEqual({});
  });

  it('requires the business name for restaurants only', () => {
    expect(stepTwoErrors(form({ userType: 'restaurant' }))).toEqual({
      businessName: 'Nome do estabelecimento é obrigatório',
    });
    expect(stepTwoErrors(form({ userType: 'freelancer' }))).toEqual({});
  });

  it('asks for the terms of use and the privacy notice, and sends their versions (issue 27)', () => {
    expect(EMPTY_SETUP_FORM.acceptedTerms).toBe(false);
    expect(stepTwoErrors(form({ userType: 'freelancer', acceptedTerms: false }))).toEqual({
      acceptedTerms: PRIVACY_MESSAGES.termsRequired,
    });
    expect(() => setupRequest(form({ name: 'Ana', userType: 'freelancer', acceptedTerms: false }))).toThrow();
    expect(setupRequest(form({ name: 'Ana', userType: 'freelancer' }))).toMatchObject({
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
  });

  it('asks a business for a CNPJ with valid check digits and a razão social (issue 25)', () => {
    expect(legalIdentityErrors(form({ userType: 'restaurant' }))).toEqual({
      cnpj: MESSAGES.restaurants.cnpjRequired,
      legalName: MESSAGES.restaurants.legalNameRequired,
    });
    expect(
      legalIdentityErrors(form({ userType: 'restaurant', cnpj: '11222333000182', legalName: 'A' })),
    ).toEqual({ cnpj: MESSAGES.restaurants.invalidCnpj, legalName: MESSAGES.restaurants.legalNameLength });
    const complete = form({ userType: 'restaurant', cnpj: '11222333000181', legalName: ' Bom Preço Ltda ' });
    expect(legalIdentityErrors(complete)).toEqual({});
    expect(legalIdentityErrors(form({ userType: 'freelancer' }))).toEqual({});
    expect(setupRequest({ ...complete, name: 'Marcos', businessName: 'Bom Preço' })).toMatchObject({
      cnpj: '11222333000181',
      legalName: 'Bom Preço Ltda',
    });
  });

  it('turns years of experience into a whole number ≥ 0 (non-numeric → 0)', () => {
    expect(experienceYears('3')).toBe(3);
    expect(experienceYears('2,5')).toBe(2);
    expect(experienceYears('abc')).toBe(0);
    expect(experienceYears('')).toBe(0);
    expect(experienceYears('-4')).toBe(0);
    expect(experienceYears('80')).toBe(50);
  });

  it('builds the restaurant payload, hourlyRate always 0 and empty texts as null', () => {
    expect(
      setupRequest(
        form({
          name: ' Marcos ',
          phone: '11987654321',
          userType: 'restaurant',
          businessName: 'Bom Preço',
          cep: 'Rua Augusta',
          address: 'Rua Augusta, Consolação',
          cuisineType: 'Supermercado',
          experienceYears: '7',
          specialties: ['Estoquista'],
        }),
      ),
    ).toEqual({
      name: 'Marcos',
      phone: '11987654321',
      userType: 'restaurant',
      businessName: 'Bom Preço',
      address: 'Rua Augusta, Consolação',
      addressNumber: null,
      cep: null,
      cuisineType: 'Supermercado',
      contactPerson: null,
      experienceYears: null,
      specialties: null,
      hourlyRate: 0,
      acceptedTerms: true,
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
  });

  it('builds the freelancer payload', () => {
    expect(
      setupRequest(
        form({ name: 'Ana', userType: 'freelancer', experienceYears: 'x', specialties: ['Estoquista'] }),
      ),
    ).toMatchObject({
      userType: 'freelancer',
      phone: null,
      experienceYears: 0,
      specialties: ['Estoquista'],
      businessName: null,
      hourlyRate: 0,
    });
  });

  it('fills the address without the CEP', () => {
    expect(
      streetAddress({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
        formattedAddress: 'Avenida Paulista, Bela Vista, São Paulo - SP, 01310-100',
      }),
    ).toBe('Avenida Paulista, Bela Vista, São Paulo - SP');
    expect(
      streetAddress({
        cep: '',
        logradouro: '',
        bairro: '',
        localidade: '',
        uf: '',
        formattedAddress: 'Algum lugar',
      }),
    ).toBe('Algum lugar');
  });
});
