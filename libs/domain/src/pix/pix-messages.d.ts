/** pt-BR texts of Pix: key validation, BR Code, and why a payout failed (shown in "Finanças" and "Repasses"). */
export declare const PIX_KEY_MESSAGES: {
    readonly required: "Informe a chave PIX.";
    readonly invalid: "Chave PIX inválida. Use CPF, CNPJ, e-mail, telefone (+55 com DDD) ou chave aleatória.";
    readonly invalidCpf: "CPF inválido na chave PIX: confira os dígitos.";
    readonly invalidCnpj: "CNPJ inválido na chave PIX: confira os dígitos.";
    readonly invalidEmail: "E-mail inválido na chave PIX (até 77 caracteres).";
    readonly invalidPhone: "Telefone inválido na chave PIX: use +55, o DDD e o número do celular.";
    readonly invalidRandom: "Chave aleatória inválida: copie a chave completa do app do seu banco.";
};
/** Why the PSP did not pay a payout, as one code the product stores and shows. */
export declare const PIX_SEND_FAILURE_REASONS: readonly ["invalid_key", "key_not_found", "key_owner_mismatch", "insufficient_funds", "limit_exceeded", "rejected_by_receiver", "duplicate", "unknown"];
export type PixSendFailureReason = (typeof PIX_SEND_FAILURE_REASONS)[number];
/** What "Finanças" and "Repasses" say after "Falhou: ". */
export declare const PIX_SEND_FAILURE_MESSAGES: Record<PixSendFailureReason, string>;
/** A payout's failure as shown: 'Falhou: chave Pix inválida — atualize seu Perfil'. */
export declare function pixSendFailureText(reason: PixSendFailureReason): string;
export declare const BR_CODE_MESSAGES: {
    readonly invalid: "Código Pix inválido: copie o código completo novamente.";
    readonly copied: "Código Pix copiado.";
};
