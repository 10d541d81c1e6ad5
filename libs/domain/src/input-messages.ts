/** Refusals of input that no field's own rule names (the BFF kit checks them before any schema). */
export const INPUT_MESSAGES = {
  /** A NUL character (U+0000) anywhere in the path, query or body: PostgreSQL cannot store it. */
  invalidCharacter: 'O texto enviado contém um caractere inválido.',
  /** A row id that is not a whole number from 1 to 2147483647 written in digits only (`0x10`, `1e3`, `01`). */
  invalidId: 'Informe apenas algarismos (um número de 1 a 2147483647).',
} as const;
