/**
 * The company behind Turno, which issues the invoices (spec 01 §1 and §9): the provider header of
 * every invoice (PDF and print view) reads these values.
 *
 * PLACEHOLDERS: every value except the city is a stand-in, not real company data (the same ones as
 * the landing page's footer, shells/host/src/company.ts). Replace them with the company's
 * registered details before launch.
 */
export const COMPANY = {
  name: 'Turno',
  /** PLACEHOLDER — the registered company name. */
  legalName: 'Turno Serviços Temporários Ltda.',
  /** PLACEHOLDER — not a registered CNPJ. */
  cnpj: '00.000.000/0001-00',
  /** PLACEHOLDER — not a real address. */
  address: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100',
  /** PLACEHOLDER — not a real phone line. */
  phone: '(11) 3000-0000',
  /** PLACEHOLDER — the `.example` domain is reserved and never delivers mail. */
  email: 'contato@turno.example',
  city: 'São Paulo - SP',
} as const;
