/**
 * "Excluir minha conta" (issue 27, LGPD art. 18 VI): the rules of a deletion request and its pt-BR
 * texts. The core service (services/core/src/account-deletions), the workers' job that carries the
 * due ones out, the shell BFF (the person's routes, the cancel at sign-in), the admin's "Privacidade"
 * view and Perfil → "Privacidade" all read them here.
 */
import { formatDateTimeBR } from './format';

/** Waiting for its grace to end, called off (signed in again, or the admin), or carried out. */
export const ACCOUNT_DELETION_STATUSES = ['pending', 'cancelled', 'done'] as const;
export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];

/** Who asked: the person in Perfil → "Privacidade", or an admin on their behalf (a request by e-mail). */
export const ACCOUNT_DELETION_REQUESTERS = ['self', 'admin'] as const;
export type AccountDeletionRequester = (typeof ACCOUNT_DELETION_REQUESTERS)[number];

/** How a pending deletion was called off. */
export const ACCOUNT_DELETION_CANCELLERS = ['sign_in', 'admin'] as const;
export type AccountDeletionCanceller = (typeof ACCOUNT_DELETION_CANCELLERS)[number];

/** What carrying it out did (as the admin deletion: deleted, or anonymized when there is billing history). */
export const ACCOUNT_DELETION_OUTCOMES = ['deleted', 'anonymized'] as const;
export type AccountDeletionOutcome = (typeof ACCOUNT_DELETION_OUTCOMES)[number];

/** Days in which signing in again calls the deletion off. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
/** The law's deadline for answering a request (LGPD art. 19 II, as the data export's): 15 days. */
export const ACCOUNT_DELETION_DUE_DAYS = 15;
/** The longest note an admin keeps with a request made on a person's behalf. */
export const ACCOUNT_DELETION_NOTE_MAX_LENGTH = 500;
/** The word the person types to confirm. */
export const ACCOUNT_DELETION_CONFIRM_WORD = 'EXCLUIR';

const DAY_MS = 24 * 3_600_000;

/** When a deletion requested at `requestedAt` is carried out (unless the person signs in again). */
export const accountDeletionScheduledFor = (requestedAt: Date): Date =>
  new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);

/** The law's deadline of a deletion requested at `requestedAt`. */
export const accountDeletionDueAt = (requestedAt: Date): Date =>
  new Date(requestedAt.getTime() + ACCOUNT_DELETION_DUE_DAYS * DAY_MS);

/** A shift (or a vacancy) that blocks the deletion, as the refusal lists it. */
export interface DeletionBlocker {
  /** 'YYYY-MM-DD' (São Paulo). */
  date: string;
  startTime: string;
  endTime: string;
  /** The store (the business's name) and the vacancy's title. */
  store: string;
  title: string;
}

/** "27/11/2026, 08:00–16:00, Mercado Bom Preço (Repositor)". */
export function deletionBlockerLabel(blocker: DeletionBlocker): string {
  const [year, month, day] = blocker.date.split('-');
  return `${day}/${month}/${year}, ${blocker.startTime}–${blocker.endTime}, ${blocker.store} (${blocker.title})`;
}

/** pt-BR texts of the deletion: Perfil → "Privacidade", the refusals, the notice after sign-in, the admin view. */
export const ACCOUNT_DELETION_MESSAGES = {
  title: 'Excluir minha conta',
  intro:
    'Você pode pedir a exclusão da sua conta a qualquer momento. Antes de confirmar, veja o que acontece:',
  deletedItems: [
    'Seu nome, telefone, endereço, CPF, chave Pix, foto e documentos são apagados.',
    'Suas candidaturas pendentes, bloqueios e preferências são removidos, e você não consegue mais entrar.',
    'Todas as suas sessões terminam agora, em todos os aparelhos.',
  ],
  keptItems: [
    'Turnos já trabalhados, pagamentos e faturas ficam guardados pelo prazo que a lei exige (obrigação fiscal), sem seu nome, CPF ou contato sempre que possível.',
    'A trilha de auditoria guarda que a exclusão foi pedida e feita, sem seus dados pessoais.',
  ],
  grace: (days: number) =>
    `A exclusão acontece em ${days} dias. Se você entrar de novo nesse prazo, ela é cancelada.`,
  confirmLabel: (word: string) => `Para confirmar, digite ${word}`,
  confirmMismatch: (word: string) => `Digite ${word} para confirmar a exclusão.`,
  submit: 'Excluir minha conta',
  submitting: 'Enviando...',
  open: 'Quero excluir minha conta',
  cancel: 'Voltar',
  requestFailed: 'Não foi possível pedir a exclusão. Tente novamente.',
  /** Shown on the landing page after the request (the session ended). */
  scheduled: (at: string) =>
    `Pedido de exclusão recebido. Sua conta será excluída em ${at}. Se mudar de ideia, entre de novo antes disso.`,
  blockedTitle: 'Ainda não é possível excluir sua conta',
  blockedFreelancer:
    'Você tem turnos aceitos que ainda vão acontecer. Cancele-os em Trabalhos (ou trabalhe neles) e peça a exclusão de novo:',
  blockedRestaurant:
    'Você tem vagas com freelancers aceitos que ainda vão acontecer. Cancele-as ou aguarde o turno e peça a exclusão de novo:',
  /** The notice shown once after signing in within the grace. */
  cancelledBySignIn:
    'Sua conta não será mais excluída: você entrou de novo durante o prazo de 7 dias e o pedido foi cancelado. Para excluir, peça de novo em Perfil → Privacidade.',
  noticeDismiss: 'Entendi',
  alreadyPending: 'A exclusão da sua conta já está agendada.',
  notFound: 'Pedido de exclusão não encontrado.',
  notPending: 'Este pedido de exclusão não está mais pendente.',
  noProfile: 'Essa conta ainda não tem cadastro para excluir.',
} as const;

/** The refusal's message with the blockers listed. */
export function deletionBlockedMessage(
  role: 'freelancer' | 'restaurant',
  blockers: readonly DeletionBlocker[],
): string {
  const head =
    role === 'freelancer'
      ? ACCOUNT_DELETION_MESSAGES.blockedFreelancer
      : ACCOUNT_DELETION_MESSAGES.blockedRestaurant;
  return `${head} ${blockers.map(deletionBlockerLabel).join('; ')}.`;
}

/** The admin's "Privacidade" tab (admin-ops). */
export const PRIVACY_ADMIN_MESSAGES = {
  tab: 'Privacidade',
  title: 'Pedidos de titulares (LGPD)',
  intro:
    'Pedidos de exportação e exclusão de dados em aberto. A lei dá 15 dias para responder: os atrasados aparecem primeiro, marcados.',
  kindDeletion: 'Exclusão',
  kindExport: 'Exportação',
  requestedBySelf: 'Pelo titular',
  requestedByAdmin: 'Pelo admin (a pedido do titular)',
  late: 'Atrasado',
  dueAt: (at: Date) => `Prazo: ${formatDateTimeBR(at)}`,
  scheduledFor: (at: Date) => `Exclusão em ${formatDateTimeBR(at)}`,
  empty: 'Nenhum pedido em aberto.',
  more: 'Carregar mais',
  cancelDeletion: 'Cancelar exclusão',
  /** Carries out now the deletions whose 7 days ended (the workers' hourly job does it by itself). */
  runDue: 'Executar exclusões vencidas agora',
  ranDue: (done: number, failed: number) =>
    failed > 0
      ? `Exclusões executadas: ${done}. Falharam: ${failed} (tentadas de novo na próxima execução).`
      : `Exclusões executadas: ${done}.`,
  cancelled: 'Exclusão cancelada.',
  actTitle: 'Pedido recebido por e-mail',
  actIntro: 'Encontre o titular pelo e-mail ou CPF e registre o pedido em nome dele, com uma nota.',
  findLabel: 'E-mail ou CPF do titular',
  find: 'Buscar',
  notFoundPerson: 'Nenhuma pessoa com esse e-mail ou CPF.',
  noteLabel: 'Nota (como o pedido chegou)',
  requestDeletion: 'Pedir exclusão',
  requestExport: 'Pedir exportação',
  deletionRequested: 'Exclusão agendada.',
  exportRequested: 'Exportação pedida.',
  exportUnavailable: 'A exportação de dados ainda não está disponível.',
  loadFailed: 'Não foi possível carregar os pedidos. Tente novamente.',
  actionFailed: 'Não foi possível registrar o pedido. Tente novamente.',
} as const;
