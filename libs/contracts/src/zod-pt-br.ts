import { fieldLabel, plural } from '@turno/domain';
import { z } from 'zod';

/**
 * pt-BR messages for zod's generic failures, so an input nobody wrote a message for still gets
 * a clear answer in Portuguese. Schemas with their own message keep it.
 */
const ptBR: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório' : 'Tipo de valor inválido';
    case 'too_small':
      if (issue.origin === 'string')
        return `Deve ter pelo menos ${plural(Number(issue.minimum), 'caractere', 'caracteres')}`;
      if (issue.origin === 'array')
        return `Selecione pelo menos ${plural(Number(issue.minimum), 'item', 'itens')}`;
      return `Deve ser maior ou igual a ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string')
        return `Deve ter no máximo ${plural(Number(issue.maximum), 'caractere', 'caracteres')}`;
      if (issue.origin === 'array')
        return `Selecione no máximo ${plural(Number(issue.maximum), 'item', 'itens')}`;
      return `Deve ser menor ou igual a ${String(issue.maximum)}`;
    case 'invalid_format':
      return 'Formato inválido';
    case 'invalid_value':
      return 'Valor não permitido';
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Campo não reconhecido: ${issue.keys.join(', ')}`
        : `Campos não reconhecidos: ${issue.keys.join(', ')}`;
    default:
      return 'Valor inválido';
  }
};

let configured = false;
/** Installs the pt-BR error map once per process / page. */
export function configureZodPtBR(): void {
  if (configured) return;
  z.config({ customError: ptBR });
  configured = true;
}

/**
 * One line for a person: the first issue, prefixed by the pt-BR name of its field when it has one
 * ("Quantidade: Deve ser menor ou igual a 5"; libs/domain FIELD_LABELS).
 */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Dados inválidos';
  const field = fieldLabel(issue.path);
  // A message that already names its field ("Informe o nome do estabelecimento") stands alone.
  if (!field || fold(issue.message).includes(fold(field))) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Lower case without accents, to compare texts as a reader would. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
