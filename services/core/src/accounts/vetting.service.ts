/**
 * Vetting (issue 27): the freelancer's submission ("Enviar para análise"), the admin's request for
 * a correction (rejection with a reason), and the completeness rule approval depends on. States and
 * texts in `libs/domain` vetting.ts. The files themselves are stored by `photos/vetting-documents`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  IDENTITY_DOCUMENT_TYPES,
  MESSAGES,
  VETTING_MESSAGES,
  VETTING_NOTE_MAX_LENGTH,
  VETTING_REJECTION_REASONS,
  missingVettingItems,
  type IdentityDocumentType,
  type VettingChecklistItem,
  type VettingDocumentKind,
  type VettingRejectionReason,
  type VettingStatus,
} from '@turno/domain';
import { Freelancer, FreelancerDocument } from '../model';
import { recordAudit } from '../audit/record-audit';
import { recordEvent } from '../events/record-event';
import { lockFreelancer } from '../rows/freelancer-lock';
import { optionalText, requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { DomainError, conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';

/** The checklist items a freelancer still lacks, read from their row and their stored documents. */
export async function missingVettingItemsOf(
  em: EntityManager,
  freelancer: Pick<Freelancer, 'id' | 'cpf' | 'pixKey' | 'profilePhotoUrl' | 'identityDocumentType'>,
): Promise<VettingChecklistItem[]> {
  const documents = await em.find(FreelancerDocument, { freelancer: freelancer.id }, { fields: ['kind'] });
  return missingVettingItems({
    cpf: freelancer.cpf,
    pixKey: freelancer.pixKey,
    hasProfilePhoto: Boolean(freelancer.profilePhotoUrl),
    documentType: freelancer.identityDocumentType,
    documents: documents.map((document) => document.kind),
  });
}

export interface FreelancerVetting {
  status: VettingStatus;
  missing: VettingChecklistItem[];
  documentType: IdentityDocumentType | null;
  documents: { kind: VettingDocumentKind; contentType: string; bytes: number; uploadedAt: Date }[];
  submittedAt: Date | null;
  reviewedAt: Date | null;
  rejectionReason: VettingRejectionReason | null;
  rejectionNote: string | null;
}

/** A freelancer's vetting as their checklist and the admin's review screen show it. 404 when gone. */
export async function readFreelancerVetting(
  em: EntityManager,
  freelancerId: number,
): Promise<FreelancerVetting> {
  const freelancer = await em.findOne(Freelancer, { id: freelancerId }, { refresh: true });
  if (!freelancer) throw notFound('freelancer_not_found', MESSAGES.freelancers.notFound);
  const documents = await em.find(
    FreelancerDocument,
    { freelancer: freelancerId },
    { orderBy: { kind: 'asc' }, refresh: true },
  );
  return {
    status: freelancer.vettingStatus,
    missing: missingVettingItems({
      cpf: freelancer.cpf,
      pixKey: freelancer.pixKey,
      hasProfilePhoto: Boolean(freelancer.profilePhotoUrl),
      documentType: freelancer.identityDocumentType,
      documents: documents.map((document) => document.kind),
    }),
    documentType: freelancer.identityDocumentType ?? null,
    documents: documents.map((document) => ({
      kind: document.kind,
      contentType: document.contentType,
      bytes: document.bytes,
      uploadedAt: document.createdAt,
    })),
    submittedAt: freelancer.vettingSubmittedAt ?? null,
    reviewedAt: freelancer.vettingReviewedAt ?? null,
    rejectionReason: freelancer.vettingRejectionReason ?? null,
    rejectionNote: freelancer.vettingRejectionNote ?? null,
  };
}

/** A vetting as the BFFs answer it (snake_case, ISO instants; `FreelancerVettingSchema` of @turno/contracts). */
export function freelancerVettingOnTheWire(vetting: FreelancerVetting) {
  return {
    status: vetting.status,
    missing: vetting.missing,
    document_type: vetting.documentType,
    documents: vetting.documents.map((document) => ({
      kind: document.kind,
      content_type: document.contentType,
      bytes: document.bytes,
      uploaded_at: document.uploadedAt.toISOString(),
    })),
    submitted_at: vetting.submittedAt?.toISOString() ?? null,
    reviewed_at: vetting.reviewedAt?.toISOString() ?? null,
    rejection_reason: vetting.rejectionReason,
    rejection_note: vetting.rejectionNote,
  };
}

const incompleteError = (missing: readonly VettingChecklistItem[]) =>
  new DomainError(422, 'vetting_incomplete', VETTING_MESSAGES.incomplete(missing));

const recordVettingChanged = (tx: EntityManager, freelancerId: number, change: string) =>
  recordEvent(tx, { type: 'freelancer_updated', freelancerId, payload: { freelancerId, change } });

/**
 * "Enviar para análise": the freelancer names their document (RG or CNH) and sends a complete
 * checklist. 422 listing what is missing; 409 while in review or once approved. The last
 * rejection's reason is cleared (the audit trail keeps it). Audited as the freelancer's action.
 */
export async function submitVetting(
  em: EntityManager,
  actor: Actor,
  input: { documentType?: string | null },
  now: Date = new Date(),
): Promise<FreelancerVetting> {
  requireRole(actor, ['freelancer']);
  const documentType = optionalText(input.documentType);
  if (!documentType || !(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw invalid('invalid_document_type', VETTING_MESSAGES.invalidDocumentType);
  }
  await inTransaction(em, async (tx) => {
    const freelancer = await lockFreelancer(tx, actor.freelancerId);
    if (freelancer.vettingStatus === 'submitted')
      throw conflict('vetting_submitted', VETTING_MESSAGES.alreadySubmitted);
    if (freelancer.vettingStatus === 'approved' || freelancer.isApproved)
      throw conflict('vetting_approved', VETTING_MESSAGES.alreadyApproved);
    freelancer.identityDocumentType = documentType as IdentityDocumentType;
    const missing = await missingVettingItemsOf(tx, freelancer);
    if (missing.length > 0) throw incompleteError(missing);
    tx.assign(freelancer, {
      vettingStatus: 'submitted',
      vettingSubmittedAt: now,
      vettingRejectionReason: null,
      vettingRejectionNote: null,
    });
    await tx.flush();
    await recordAudit(tx, {
      actorKind: 'user',
      actorId: actor.userId,
      action: 'vetting.submitted',
      outcome: 'success',
      targetType: 'freelancer',
      targetId: freelancer.id,
      details: { documentType },
    });
    await recordVettingChanged(tx, freelancer.id, 'vetting_submitted');
  });
  return readFreelancerVetting(em.fork(), actor.freelancerId);
}

export interface RejectVettingInput {
  reason?: string | null;
  note?: string | null;
}

/**
 * The admin asks for a correction: a submitted vetting goes back to the freelancer with a reason
 * from `VETTING_REJECTION_REASONS` and a free text (required for `other`, 500 characters at most).
 * The account stays active (unlike the Freelancers tab's "Rejeitar", which deactivates it). 409 when
 * the vetting is not awaiting review. The kit's admin audit records the call with its body.
 */
export async function rejectVetting(
  em: EntityManager,
  actor: Actor,
  freelancerId: number,
  input: RejectVettingInput,
  now: Date = new Date(),
): Promise<{ id: number; status: VettingStatus }> {
  requireRole(actor, ['admin']);
  const reason = optionalText(input.reason);
  const note = optionalText(input.note);
  if (!reason || !(VETTING_REJECTION_REASONS as readonly string[]).includes(reason)) {
    throw invalid('invalid_reason', VETTING_MESSAGES.invalidReason);
  }
  if (note && note.length > VETTING_NOTE_MAX_LENGTH)
    throw invalid('note_too_long', VETTING_MESSAGES.noteTooLong);
  if (reason === 'other' && !note) throw invalid('note_required', VETTING_MESSAGES.noteRequired);
  return inTransaction(em, async (tx) => {
    const freelancer = await lockFreelancer(tx, freelancerId);
    if (freelancer.vettingStatus !== 'submitted')
      throw conflict('vetting_not_submitted', VETTING_MESSAGES.notSubmitted);
    tx.assign(freelancer, {
      vettingStatus: 'rejected',
      vettingReviewedAt: now,
      vettingRejectionReason: reason as VettingRejectionReason,
      vettingRejectionNote: note ?? null,
    });
    await tx.flush();
    await recordVettingChanged(tx, freelancer.id, 'vetting_rejected');
    return { id: freelancer.id, status: freelancer.vettingStatus };
  });
}
