/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.presence` group (see messages.ts). */
export const presence = {} as const;
