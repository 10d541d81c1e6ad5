/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.reliability` group (see messages.ts). */
export const reliability = {} as const;
