/**
 * pt-BR texts of issue 23, check-out part: `MESSAGES.pendingRequests`, in a module of its own
 * because the restaurant panel's first screen (Dashboard, the Agenda tab's badge) shows them, and a
 * module shared with the lazy approval dialog would bring every check-out text into that screen.
 */
/** Check-in/check-out requests waiting for the business: the Agenda tab's badge (first screen). */
export const pendingRequests = {
  pendingBadge: (count: number) =>
    count === 1 ? '1 solicitação pendente' : `${count} solicitações pendentes`,
} as const;
