/**
 * Admin sign-in security (issue 12): the password policy every new or changed admin password
 * follows, the second factor's code shapes, and their pt-BR messages. The browser checks the
 * local rules as the admin types; the server checks them again, plus the list of common and
 * breached passwords (services/core/src/accounts/password-policy.ts, server only: the list is
 * about 50,000 words).
 */

export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 128;
/** A TOTP code: 6 digits, one per 30 s step (RFC 6238). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: 10 characters of RFC 4648 base32 in two groups, `ABCDE-FGHIJ`. */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/;
export const RECOVERY_CODE_COUNT = 10;

export const ADMIN_SECURITY_MESSAGES = {
  passwordTooShort: `A senha precisa ter pelo menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres.`,
  passwordTooLong: `A senha pode ter no máximo ${ADMIN_PASSWORD_MAX_LENGTH} caracteres.`,
  passwordCommon: 'Essa senha é muito comum ou já apareceu em vazamentos. Escolha outra.',
  passwordHasEmail: 'A senha não pode conter o seu e-mail.',
  passwordHasCompany: 'A senha não pode conter a palavra "turno".',
  passwordMismatch: 'A confirmação não confere com a nova senha.',
  passwordSameAsCurrent: 'A nova senha precisa ser diferente da atual.',
  currentPasswordWrong: 'Senha atual incorreta.',
  passwordChanged: 'Senha alterada. As suas outras sessões foram encerradas.',
  codeRequired: 'Informe o código de 6 dígitos do aplicativo autenticador.',
  codeInvalid: 'Código inválido ou expirado.',
  recoveryCodeInvalid: 'Código de recuperação inválido ou já usado.',
  mfaStepExpired: 'A etapa de verificação expirou. Entre com e-mail e senha novamente.',
  enrolTitle: 'Configure a verificação em duas etapas',
  enrolHelp:
    'Escaneie o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) ou digite a chave abaixo, e informe o código de 6 dígitos que ele mostrar.',
  codeTitle: 'Verificação em duas etapas',
  codeHelp: 'Informe o código de 6 dígitos do seu aplicativo autenticador.',
  recoveryHelp: 'Sem o celular? Use um dos seus códigos de recuperação.',
  recoveryCodesTitle: 'Guarde os seus códigos de recuperação',
  recoveryCodesHelp:
    'Cada código serve uma única vez, para entrar sem o aplicativo autenticador. Eles não serão mostrados de novo.',
  rememberDevice: 'Lembrar este dispositivo (até o fim da sessão)',
  recoveryCodesRegenerated: 'Novos códigos de recuperação gerados. Os anteriores deixaram de valer.',
  adminDisabled: 'Este administrador está desativado.',
  adminExists: 'Já existe um administrador com este e-mail.',
  adminNotFound: 'Administrador não encontrado.',
  seedRefusedInProduction:
    'ADMIN_EMAIL/ADMIN_PASSWORD não criam administradores em produção: use `npm run admin -- add`.',
  totpSeedRefusedInProduction: 'ADMIN_TOTP_SECRET é só para desenvolvimento e testes, nunca em produção.',
} as const;

/** Words a password may not contain, besides the e-mail's local part. */
const FORBIDDEN_WORDS = ['turno'];

/**
 * The rules of the admin password policy that need no word list: length, no e-mail local part, no
 * "turno" (case-insensitive). Returns the first broken rule's pt-BR message, or null.
 */
export function adminPasswordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < ADMIN_PASSWORD_MIN_LENGTH) return ADMIN_SECURITY_MESSAGES.passwordTooShort;
  if (length > ADMIN_PASSWORD_MAX_LENGTH) return ADMIN_SECURITY_MESSAGES.passwordTooLong;
  const lower = password.toLowerCase();
  const localPart = email.trim().toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= 3 && lower.includes(localPart)) return ADMIN_SECURITY_MESSAGES.passwordHasEmail;
  if (FORBIDDEN_WORDS.some((word) => lower.includes(word))) return ADMIN_SECURITY_MESSAGES.passwordHasCompany;
  return null;
}

/**
 * The forms of a password compared with the common/breached list: lower-cased, and also without
 * its trailing digits and symbols ("Password2024!" is "password").
 */
export function passwordListForms(password: string): string[] {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[\d\W_]+$/u, '');
  return stripped && stripped !== lower ? [lower, stripped] : [lower];
}
