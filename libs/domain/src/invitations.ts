/**
 * "Ask again the people who came" (issue 26): repeating a vacancy, inviting freelancers who completed
 * a shift with the business ("Chamar de novo") with a window in which only they may apply, and the
 * cap on shifts one freelancer works for one business in a calendar month (docs/decisions.md says
 * why: the relationship must stay occasional). services/core applies the rules in SQL
 * (services/core/src/invitations); the screens and the BFF contracts read the texts and choices here.
 */
import { formatDateBR } from './format';
import { saoPauloDate, saoPauloTime } from './time';

/**
 * At most this many shifts (assignments not cancelled) per calendar month of the shift's date (São
 * Paulo) for one freelancer at one business, unless `MONTHLY_SHIFTS_PER_BUSINESS` says otherwise.
 */
export const DEFAULT_MONTHLY_SHIFTS_PER_BUSINESS = 12;

/** The cap in force: `MONTHLY_SHIFTS_PER_BUSINESS` (a whole number ≥ 1) or the default. */
export function monthlyShiftsPerBusiness(env: Readonly<Record<string, string | undefined>> = {}): number {
  const raw = env.MONTHLY_SHIFTS_PER_BUSINESS?.trim();
  if (!raw) return DEFAULT_MONTHLY_SHIFTS_PER_BUSINESS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 31) {
    throw new Error('MONTHLY_SHIFTS_PER_BUSINESS must be a whole number from 1 to 31');
  }
  return value;
}

/** The exclusivity windows a business may choose, in hours: only invitees may apply meanwhile. */
export const INVITATION_WINDOW_HOURS = [2, 6, 24] as const;
export type InvitationWindowHours = (typeof INVITATION_WINDOW_HOURS)[number];
export const DEFAULT_INVITATION_WINDOW_HOURS: InvitationWindowHours = 6;

export function isInvitationWindowHours(value: unknown): value is InvitationWindowHours {
  return typeof value === 'number' && (INVITATION_WINDOW_HOURS as readonly number[]).includes(value);
}

/** How many freelancers one vacancy form may invite. */
export const MAX_INVITEES = 20;
/** The invitee picker's page: people who completed shifts with the business, at most this many. */
export const PAST_WORKERS_LIMIT = 50;

/**
 * When the invitees' exclusivity ends: `hours` after `now`, never past the shift's start
 * (`shiftStart`, the instant the shift starts).
 */
export function invitationExclusiveUntil(now: Date, hours: InvitationWindowHours, shiftStart: Date): Date {
  const end = new Date(now.getTime() + hours * 3_600_000);
  return end.getTime() > shiftStart.getTime() ? shiftStart : end;
}

/**
 * The day a repeated vacancy proposes: the past vacancy's day when it is still today or later, else
 * today (São Paulo). The business chooses; a past day is never proposed.
 */
export function repeatedVacancyDate(pastDate: string, now: Date): string {
  const today = saoPauloDate(now);
  return pastDate >= today ? pastDate : today;
}

/** '27/11/2026 às 14:30' (São Paulo) for an instant. */
export function formatInvitationUntil(until: Date | string): string {
  const at = typeof until === 'string' ? new Date(until) : until;
  return `${formatDateBR(saoPauloDate(at))} às ${saoPauloTime(at)}`;
}

/** What the screens and the refusals say (pt-BR). */
export const INVITATION_MESSAGES = {
  repeat: 'Repetir vaga',
  repeatLabel: (position: string, date: string) => `Repetir vaga de ${position} de ${formatDateBR(date)}`,
  callAgain: 'Chamar de novo',
  callAgainLabel: (name: string) => `Chamar de novo ${name}`,
  repeatedNotice: 'Formulário preenchido com a vaga anterior. Escolha a data.',
  inviteesTitle: 'Convidar quem já trabalhou com você',
  inviteesHint:
    'Os convidados recebem uma notificação e veem a vaga primeiro. Só eles podem se candidatar até o fim do prazo escolhido; depois, qualquer freelancer pode.',
  inviteesSearch: 'Buscar pelo nome',
  inviteesEmpty: 'Ninguém encontrado entre quem já concluiu turnos com você.',
  inviteesLoadFailed: 'Não foi possível carregar quem já trabalhou com você. Tente novamente.',
  shiftsWithYou: (count: number) => (count === 1 ? '1 turno concluído' : `${count} turnos concluídos`),
  windowLabel: 'Só convidados podem se candidatar por',
  windowOption: (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`),
  windowNeverPastStart: 'O prazo termina no início do turno, se este vier antes.',
  invitedCount: (count: number) =>
    count === 1 ? '1 freelancer convidado.' : `${count} freelancers convidados.`,
  badge: 'Convite',
  badgeUntil: (until: Date | string) => `Só convidados até ${formatInvitationUntil(until)}`,
  // Refusals
  onlyInvitees: (until: Date | string) =>
    `Esta vaga está reservada a freelancers convidados pela empresa até ${formatInvitationUntil(until)}. Depois disso, qualquer freelancer pode se candidatar.`,
  monthlyCapReached: (cap: number) =>
    `Este freelancer já tem ${cap} turnos neste mês com esta empresa, o máximo permitido. Para manter o trabalho eventual, ele não pode assumir mais turnos aqui neste mês.`,
  monthlyCapReachedOwn: (cap: number) =>
    `Você já tem ${cap} turnos neste mês com esta empresa, o máximo permitido. Para manter o trabalho eventual, não é possível assumir mais turnos aqui neste mês.`,
  inviteeNotPastWorker: 'Só é possível convidar freelancers que já concluíram um turno com a sua empresa.',
  inviteeAtCap: (name: string, cap: number) =>
    `${name} já tem ${cap} turnos no mês desta vaga com a sua empresa e não pode ser convidado.`,
  invalidWindow: 'Escolha por quanto tempo só os convidados podem se candidatar: 2, 6 ou 24 horas.',
  tooManyInvitees: `Convide no máximo ${MAX_INVITEES} freelancers por vaga.`,
  repeatNotFound: 'Vaga não encontrada.',
} as const;
