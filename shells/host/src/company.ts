/**
 * The company behind Turno, as shown in the landing page's footer (spec 01 §1: phone, e-mail,
 * tax id, city).
 *
 * PLACEHOLDERS: every value below except the city is a stand-in, not real contact data. Replace
 * them with the company's registered details before launch (the invoices' provider header will
 * read the same values).
 */
export const COMPANY = {
  name: 'Turno',
  /** PLACEHOLDER — not a real phone line. */
  phone: '(11) 3000-0000',
  /** PLACEHOLDER — the `.example` domain is reserved and never delivers mail. */
  email: 'contato@turno.example',
  /** PLACEHOLDER — not a registered CNPJ. */
  cnpj: '00.000.000/0001-00',
  city: 'São Paulo - SP',
} as const;
