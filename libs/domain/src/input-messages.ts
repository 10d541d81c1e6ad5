/** Refusals of input that no field's own rule names (the BFF kit checks them before any schema). */
export const INPUT_MESSAGES = {
  /** A NUL character (U+0000) anywhere in the path, query or body: PostgreSQL cannot store it. */
  invalidCharacter: 'O texto enviado contém um caractere inválido.',
} as const;
