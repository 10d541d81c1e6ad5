/**
 * Terms of use, the privacy notice and consents (issue 27, LGPD): the versions in force, the kinds
 * of consent a person records, and their pt-BR messages. One source of truth: the shell BFF checks
 * acceptance against these versions, the host shows the texts of `legal-texts.ts` under them, and
 * docs/privacy.md describes the same items.
 *
 * A new version of the terms or of the notice: write its text in `legal-texts.ts`, change the id
 * here; at the next sign-in everybody is asked to accept it again (GET /api/users/me says so).
 */

/** The terms of use in force (its text: `TERMS_OF_USE` in legal-texts.ts). */
export const TERMS_VERSION = '2026-11-27';
/** The privacy notice in force (its text: `PRIVACY_NOTICE` in legal-texts.ts). */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/** Where the host serves each text. */
export const TERMS_PATH = '/termos';
export const PRIVACY_NOTICE_PATH = '/privacidade';

/** What a consent record is about: the two documents accepted at setup, and the optional uses. */
export const CONSENT_KINDS = [
  'terms',
  'privacy_notice',
  'location_check_in',
  'marketing_notifications',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Accepted at setup (and again at each new version): without them there is no account. */
export const REQUIRED_CONSENT_KINDS = ['terms', 'privacy_notice'] as const satisfies readonly ConsentKind[];
/** Granted and withdrawn freely in Perfil → "Privacidade", each on its own. */
export const OPTIONAL_CONSENT_KINDS = [
  'location_check_in',
  'marketing_notifications',
] as const satisfies readonly ConsentKind[];
export type OptionalConsentKind = (typeof OPTIONAL_CONSENT_KINDS)[number];

export const CONSENT_ACTIONS = ['accepted', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** The version a record of `kind` is about (the optional uses follow the privacy notice's). */
export function currentConsentVersion(kind: ConsentKind): string {
  return kind === 'terms' ? TERMS_VERSION : PRIVACY_NOTICE_VERSION;
}

/** Which optional uses each profile is asked about ("where it applies": only freelancers check in). */
export function optionalConsentsFor(userType: 'restaurant' | 'freelancer'): readonly OptionalConsentKind[] {
  return userType === 'freelancer' ? OPTIONAL_CONSENT_KINDS : ['marketing_notifications'];
}

/** The longest client description a record keeps (the app and the browser's user agent). */
export const CONSENT_CLIENT_MAX_LENGTH = 200;

/** A version id as people read it: a date id "2026-11-27" → "versão de 27/11/2026". */
export function versionLabel(version: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  return date ? `versão de ${date[3]}/${date[2]}/${date[1]}` : `versão ${version}`;
}

/** pt-BR texts of the consents (setup, the blocking page, Perfil → "Privacidade"). */
export const PRIVACY_MESSAGES = {
  termsLabel: 'Termos de uso',
  privacyNoticeLabel: 'Aviso de privacidade',
  /** The setup checkbox; the two names are links to the pages. */
  acceptPrefix: 'Li e aceito os',
  acceptJoin: 'e o',
  termsRequired: 'Para criar sua conta, aceite os Termos de uso e o Aviso de privacidade.',
  outdatedVersion:
    'Os Termos de uso ou o Aviso de privacidade mudaram. Leia a nova versão e aceite para continuar.',
  updatedTitle: 'Atualizamos nossos termos',
  updatedText:
    'Mudamos os Termos de uso ou o Aviso de privacidade da Turno. Para continuar usando a plataforma, leia a nova versão e confirme que você concorda.',
  acceptButton: 'Aceitar e continuar',
  accepting: 'Salvando...',
  acceptFailed: 'Não foi possível registrar o aceite. Tente novamente.',
  signOutInstead: 'Não aceito, sair',
  privacyTitle: 'Privacidade',
  openButton: 'Ver e alterar',
  closeButton: 'Fechar',
  privacyIntro:
    'Aqui você vê o que aceitou e decide sobre os usos opcionais dos seus dados. Você pode mudar de ideia quando quiser.',
  acceptedVersion: (label: string, version: string, at: string) =>
    `${label}: ${versionLabel(version)}, aceita em ${at}`,
  notAccepted: (label: string) => `${label}: ainda não aceito`,
  optionalTitle: 'Usos opcionais',
  granted: (at: string) => `Autorizado em ${at}`,
  withdrawn: (at: string) => `Autorização retirada em ${at}`,
  neverAsked: 'Não autorizado',
  grantButton: 'Autorizar',
  withdrawButton: 'Retirar autorização',
  saved: 'Preferência de privacidade salva.',
  saveFailed: 'Não foi possível salvar a preferência. Tente novamente.',
  loading: 'Carregando suas preferências de privacidade...',
  notOptional: 'Esse consentimento não pode ser alterado aqui.',
  notApplicable: 'Essa opção não se aplica ao seu tipo de conta.',
  /** A position sent at check-in or check-out after the person withdrew "Localização no check-in". */
  locationWithdrawn:
    'Você retirou a autorização de localização em Perfil → Privacidade. Use o código da loja ou peça aprovação ao gerente.',
} as const;

/** Titles and explanations of the optional uses, as Perfil → "Privacidade" lists them. */
export const OPTIONAL_CONSENT_TEXTS: Record<OptionalConsentKind, { title: string; text: string }> = {
  location_check_in: {
    title: 'Localização no check-in',
    text: 'Usar a posição do seu celular, só no momento do check-in e do check-out, para confirmar que você está no mercado. Sem isso, o check-in é feito pelo código da loja ou aprovado pelo gestor.',
  },
  marketing_notifications: {
    title: 'Novidades e ofertas',
    text: 'Receber por e-mail e notificação avisos de novidades da Turno e campanhas. Avisos sobre seus turnos, pagamentos e faturas continuam chegando de qualquer forma.',
  },
};
