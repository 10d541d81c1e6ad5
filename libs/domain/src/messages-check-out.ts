/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.checkOut` group (see messages.ts). */
export const checkOut = {} as const;
