/** pt-BR texts of Pix: key validation, BR Code, and why a payout failed (shown in "Finanças" and "Repasses"). */

export const PIX_KEY_MESSAGES = {
  required: 'Informe a chave PIX.',
  invalid: 'Chave PIX inválida. Use CPF, CNPJ, e-mail, telefone (+55 com DDD) ou chave aleatória.',
  invalidCpf: 'CPF inválido na chave PIX: confira os dígitos.',
  invalidCnpj: 'CNPJ inválido na chave PIX: confira os dígitos.',
  invalidEmail: 'E-mail inválido na chave PIX (até 77 caracteres).',
  invalidPhone: 'Telefone inválido na chave PIX: use +55, o DDD e o número do celular.',
  invalidRandom: 'Chave aleatória inválida: copie a chave completa do app do seu banco.',
} as const;

/** Why the PSP did not pay a payout, as one code the product stores and shows. */
export const PIX_SEND_FAILURE_REASONS = [
  'invalid_key',
  'key_not_found',
  'key_owner_mismatch',
  'insufficient_funds',
  'limit_exceeded',
  'rejected_by_receiver',
  'duplicate',
  'unknown',
] as const;
export type PixSendFailureReason = (typeof PIX_SEND_FAILURE_REASONS)[number];

/** What "Finanças" and "Repasses" say after "Falhou: ". */
export const PIX_SEND_FAILURE_MESSAGES: Record<PixSendFailureReason, string> = {
  invalid_key: 'chave Pix inválida — atualize seu Perfil',
  key_not_found: 'chave Pix não encontrada — atualize seu Perfil',
  key_owner_mismatch: 'a chave Pix não pertence ao seu CPF — atualize seu Perfil',
  insufficient_funds: 'saldo insuficiente na conta da Turno — nossa equipe vai reenviar',
  limit_exceeded: 'limite de envios da conta da Turno atingido — nossa equipe vai reenviar',
  rejected_by_receiver: 'o banco de destino recusou o Pix — confira sua chave no Perfil',
  duplicate: 'envio repetido recusado pelo banco — nossa equipe vai conferir',
  unknown: 'o banco não concluiu o Pix — nossa equipe vai conferir',
};

/** A payout's failure as shown: 'Falhou: chave Pix inválida — atualize seu Perfil'. */
export function pixSendFailureText(reason: PixSendFailureReason): string {
  return `Falhou: ${PIX_SEND_FAILURE_MESSAGES[reason]}`;
}

export const BR_CODE_MESSAGES = {
  invalid: 'Código Pix inválido: copie o código completo novamente.',
  copied: 'Código Pix copiado.',
} as const;
