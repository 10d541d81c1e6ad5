/**
 * pt-BR texts of issue 23: `MESSAGES.requestAlerts`, the Dashboard notice and the alerts of waiting
 * check-in/check-out requests, in a module of its own: only the lazily loaded request-alerts.tsx reads
 * them, and a module the first screen also reads would bring them into that screen.
 */
/** The Dashboard notice and the alerts of waiting requests (read by a lazily loaded module). */
export const requestAlerts = {
  pendingTitle: 'Solicitações pendentes',
  pendingDashboard: (count: number) =>
    count === 1
      ? 'Há 1 solicitação de check-in ou check-out aguardando sua aprovação.'
      : `Há ${count} solicitações de check-in ou check-out aguardando sua aprovação.`,
  openAgenda: 'Ver na agenda',
  enableAlerts: 'Ativar avisos',
  alertsOn: 'Avisos ativados',
  alertsBlocked: 'O navegador bloqueou as notificações. Libere-as nas configurações do site.',
  alertsUnsupported: 'Este navegador não mostra notificações.',
  newRequestTitle: 'Nova solicitação',
} as const;
