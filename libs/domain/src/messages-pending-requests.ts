/**
 * pt-BR texts of issue 23, check-out part: `MESSAGES.pendingRequests`, in a module of its own
 * because the restaurant panel's first screen (Dashboard, the Agenda tab's badge) shows them, and a
 * module shared with the lazy approval dialog would bring every check-out text into that screen.
 */
/** Check-in/check-out requests waiting for the business: the badges, the Dashboard notice, the alerts. */
export const pendingRequests = {
  pendingBadge: (count: number) =>
    count === 1 ? '1 solicitação pendente' : `${count} solicitações pendentes`,
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
