/** pt-BR texts of issue 23 ("Shifts that happen"): the `MESSAGES.shiftRelease` group (see messages.ts). */
export const shiftRelease = {} as const;
