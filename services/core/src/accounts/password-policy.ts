import { ADMIN_SECURITY_MESSAGES, adminPasswordProblem, passwordListForms } from '@turno/domain';

/**
 * The admin password policy on the server: the rules of @turno/domain (length, no e-mail, no
 * "turno") plus the list of common and breached passwords of `@zxcvbn-ts/language-common`
 * (about 49,000 words), loaded on the first check and kept (a Set, compared in lower case, also
 * without trailing digits and symbols). Applies to every new or changed admin password.
 */
let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  return (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  ));
}

/** The first rule the password breaks (a pt-BR message), or null when it may be used. */
export async function adminPasswordPolicyProblem(password: string, email: string): Promise<string | null> {
  const local = adminPasswordProblem(password, email);
  if (local) return local;
  const list = await loadCommonPasswords();
  return passwordListForms(password).some((form) => list.has(form))
    ? ADMIN_SECURITY_MESSAGES.passwordCommon
    : null;
}

/** A password refused by the policy; `message` is the pt-BR reason. */
export class AdminPasswordRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminPasswordRefused';
  }
}

export async function assertAdminPasswordPolicy(password: string, email: string): Promise<void> {
  const problem = await adminPasswordPolicyProblem(password, email);
  if (problem) throw new AdminPasswordRefused(problem);
}
