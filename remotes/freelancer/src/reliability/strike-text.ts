import { type FreelancerStrike } from '@turno/contracts';
import { formatDateBR, MESSAGES } from '@turno/domain';

/** The strike's reason in pt-BR. */
export function strikeReason(strike: Pick<FreelancerStrike, 'reason'>): string {
  return MESSAGES.reliability.reasonLabels[strike.reason] ?? strike.reason;
}

/** "Não compareceu ao turno · Estoquista, Supermercado Bom Preço, 20/02/2026". */
export function strikeTitle(strike: Pick<FreelancerStrike, 'reason' | 'shift'>): string {
  const shift = strike.shift;
  return shift
    ? `${strikeReason(strike)} · ${shift.title}, ${shift.restaurant_name}, ${formatDateBR(shift.date_needed)}`
    : strikeReason(strike);
}

/** Where the strike stands: "Ativa", "Expirada", "Removida". */
export function strikeState(strike: Pick<FreelancerStrike, 'active' | 'removed_at'>): string {
  const t = MESSAGES.reliability;
  if (strike.removed_at) return t.removedLabel;
  return strike.active ? t.activeLabel : t.expiredLabel;
}

/** The appeal's state in pt-BR ("Sem recurso", "Recurso em análise", …). */
export function appealState(strike: Pick<FreelancerStrike, 'appeal_status'>): string {
  return MESSAGES.reliability.appealLabels[strike.appeal_status ?? 'none'] ?? '';
}
