import { isValidCpf, isValidPixKey } from './validation';

/**
 * Vetting (issue 27, "freelancers verificados"): what a freelancer gives for approval, the states of
 * their submission, the reasons an admin may reject it with, and every text the server and the
 * screens show about it. One source for the BFFs, the services and both remotes.
 *
 * States (kept on the freelancer row, `vetting_status`):
 * - `incomplete`: something on the checklist is missing (every new freelancer starts here);
 * - `submitted`: complete and sent with "Enviar para análise"; in the admins' queue;
 * - `approved`: an admin approved it (the account's `is_approved` is set in the same step);
 * - `rejected`: an admin sent it back with a reason; the freelancer fixes it and submits again.
 */
export const VETTING_STATUSES = ['incomplete', 'submitted', 'approved', 'rejected'] as const;
export type VettingStatus = (typeof VETTING_STATUSES)[number];

export const VETTING_STATUS_LABELS: Record<VettingStatus, string> = {
  incomplete: 'Cadastro incompleto',
  submitted: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Correção pedida',
};

/**
 * Whether the freelancer may no longer change their own CPF: it is the number the admins checked
 * against the document (in review or approved). Its first setting (a profile approved before vetting
 * asked for one) is still theirs; an admin always may. The documents are locked the same way.
 */
export const isCpfLockedForFreelancer = (profile: {
  cpf: string | null | undefined;
  vettingStatus: string | null | undefined;
  isApproved: boolean;
}): boolean =>
  Boolean(profile.cpf) &&
  (profile.isApproved || profile.vettingStatus === 'submitted' || profile.vettingStatus === 'approved');

/** The identity documents accepted: RG or CNH. */
export const IDENTITY_DOCUMENT_TYPES = ['rg', 'cnh'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const IDENTITY_DOCUMENT_TYPE_LABELS: Record<IdentityDocumentType, string> = {
  rg: 'RG',
  cnh: 'CNH',
};

/** The files of a submission: the document's front and back (image or PDF) and a selfie holding it (image). */
export const VETTING_DOCUMENT_KINDS = ['identity_front', 'identity_back', 'selfie'] as const;
export type VettingDocumentKind = (typeof VETTING_DOCUMENT_KINDS)[number];
export const VETTING_DOCUMENT_LABELS: Record<VettingDocumentKind, string> = {
  identity_front: 'Documento (frente)',
  identity_back: 'Documento (verso)',
  selfie: 'Selfie segurando o documento',
};
/** Whether a kind may be a PDF (the document's sides); the selfie is always a photo. */
export const vettingKindAcceptsPdf = (kind: VettingDocumentKind) => kind !== 'selfie';

/** Smallest and largest document file (the photo limits: 1 KB to 5 MB). */
export const VETTING_DOCUMENT_MIN_BYTES = 1024;
export const VETTING_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The checklist's items, in the order the freelancer sees them. */
export const VETTING_CHECKLIST_ITEMS = [
  'cpf',
  'pix_key',
  'profile_photo',
  'document_type',
  'identity_front',
  'identity_back',
  'selfie',
] as const;
export type VettingChecklistItem = (typeof VETTING_CHECKLIST_ITEMS)[number];
export const VETTING_CHECKLIST_LABELS: Record<VettingChecklistItem, string> = {
  cpf: 'CPF válido',
  pix_key: 'Chave Pix',
  profile_photo: 'Foto de perfil',
  document_type: 'Tipo de documento (RG ou CNH)',
  identity_front: 'Documento: frente',
  identity_back: 'Documento: verso',
  selfie: 'Selfie segurando o documento',
};

/** What the completeness check reads of a freelancer. */
export interface VettingFacts {
  cpf: string | null | undefined;
  pixKey: string | null | undefined;
  hasProfilePhoto: boolean;
  documentType: string | null | undefined;
  /** The kinds of document stored for them. */
  documents: readonly string[];
}

/** The checklist's items still missing (empty: complete). */
export function missingVettingItems(facts: VettingFacts): VettingChecklistItem[] {
  const done: Record<VettingChecklistItem, boolean> = {
    cpf: isValidCpf(facts.cpf),
    pix_key: isValidPixKey(facts.pixKey),
    profile_photo: facts.hasProfilePhoto,
    document_type: (IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(facts.documentType ?? ''),
    identity_front: facts.documents.includes('identity_front'),
    identity_back: facts.documents.includes('identity_back'),
    selfie: facts.documents.includes('selfie'),
  };
  return VETTING_CHECKLIST_ITEMS.filter((item) => !done[item]);
}

/** The reasons an admin may reject a submission with (plus a free text). */
export const VETTING_REJECTION_REASONS = [
  'document_illegible',
  'document_expired',
  'selfie_mismatch',
  'cpf_mismatch',
  'profile_photo_unsuitable',
  'other',
] as const;
export type VettingRejectionReason = (typeof VETTING_REJECTION_REASONS)[number];
export const VETTING_REJECTION_REASON_LABELS: Record<VettingRejectionReason, string> = {
  document_illegible: 'Documento ilegível ou cortado',
  document_expired: 'Documento vencido',
  selfie_mismatch: 'A selfie não confere com o documento',
  cpf_mismatch: 'O CPF não confere com o documento',
  profile_photo_unsuitable: 'Foto de perfil inadequada (rosto não visível)',
  other: 'Outro motivo (descrito abaixo)',
};
/** Longest free text of a rejection. */
export const VETTING_NOTE_MAX_LENGTH = 500;

export const VETTING_MESSAGES = {
  // Server refusals and answers.
  incomplete: (missing: readonly VettingChecklistItem[]) =>
    `Cadastro incompleto: falta ${missing.map((item) => VETTING_CHECKLIST_LABELS[item]).join(', ')}.`,
  cannotApproveIncomplete:
    'Não é possível aprovar: o cadastro está incompleto (CPF, chave Pix, foto, documento e selfie são obrigatórios).',
  alreadySubmitted: 'Seu cadastro já está em análise.',
  alreadyApproved: 'Seu cadastro já foi aprovado.',
  cpfLocked:
    'O CPF de um cadastro em análise ou aprovado só pode ser alterado pela equipe Turno. Fale com o suporte.',
  cpfLockedHint: 'Cadastro verificado: para alterar o CPF, fale com o suporte Turno.',
  notSubmitted: 'Este cadastro não está aguardando análise.',
  submitted: 'Cadastro enviado para análise. Avisaremos quando for revisado.',
  rejected: 'Correção pedida ao freelancer.',
  documentUploaded: 'Documento enviado.',
  invalidKind: 'Tipo de documento inválido.',
  invalidDocumentType: 'Escolha o tipo de documento: RG ou CNH.',
  invalidReason: 'Escolha um motivo da lista.',
  noteRequired: 'Descreva o motivo no campo de observação.',
  noteTooLong: `A observação pode ter até ${VETTING_NOTE_MAX_LENGTH} caracteres.`,
  notImageOrPdf: 'O arquivo não é uma imagem nem um PDF.',
  notImageOrPdfDetails:
    'O conteúdo do arquivo não é uma imagem nem um PDF (o nome ou a extensão não bastam). Formatos aceitos: JPG, PNG, WebP e PDF.',
  selfieNotImage: 'A selfie deve ser uma foto (JPG, PNG ou WebP).',
  documentNotFound: 'Documento não encontrado',
  // Freelancer screens.
  checklistTitle: 'Verificação do cadastro',
  checklistIntro:
    'Para ser aprovado e se candidatar às vagas, complete os itens abaixo e envie seu cadastro para análise.',
  checklistDone: 'Concluído',
  checklistMissing: 'Pendente',
  goToProfile: 'Completar no Perfil',
  submit: 'Enviar para análise',
  submitting: 'Enviando...',
  submitBlocked: 'Complete todos os itens para enviar.',
  underReviewTitle: 'Cadastro em análise',
  underReview: 'Recebemos seus documentos. A equipe Turno vai revisar em breve.',
  rejectedTitle: 'Precisamos de uma correção no seu cadastro',
  rejectedHint: 'Corrija o que foi pedido e envie de novo para análise.',
  documentsTitle: 'Documentos para verificação',
  documentsHint:
    'Frente e verso do RG ou da CNH (foto ou PDF) e uma selfie segurando o documento. De 1 KB a 5 MB. Os arquivos são privados: só a equipe Turno os vê, e os dados de localização das fotos são removidos.',
  documentTypeLabel: 'Tipo de documento',
  chooseFile: 'Escolher arquivo',
  sendFile: 'Enviar',
  replaceFile: 'Trocar arquivo',
  fileSent: 'Enviado',
  fileMissing: 'Não enviado',
  // Admin screens.
  queueTitle: 'Análise de cadastro',
  queueEmpty: 'Nenhum cadastro aguardando análise.',
  submittedAt: 'Enviado em',
  cpfValid: 'CPF válido (dígitos verificadores conferem)',
  cpfInvalid: 'CPF inválido',
  cpfMissing: 'CPF não informado',
  approve: 'Aprovar',
  reject: 'Pedir correção',
  rejectReason: 'Motivo',
  rejectNote: 'Observação para o freelancer',
  openDocument: 'Abrir em nova aba',
  approved: 'Freelancer aprovado.',
  incompleteBadge: 'Cadastro incompleto',
} as const;
