import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { VETTING_DOCUMENT_KINDS } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';

/**
 * One private file of a freelancer's vetting (issue 27): the identity document's front or back, or
 * the selfie holding it. The bytes live in the photo storage under the private `documents/` prefix
 * (`storageKey`, made by the service, never a URL); one row per kind, a new upload replaces it.
 */
export const FreelancerDocument = defineEntity({
  name: 'FreelancerDocument',
  tableName: 'freelancer_documents',
  properties: {
    id: p.integer().primary().autoincrement(),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    kind: p.enum([...VETTING_DOCUMENT_KINDS]),
    storageKey: p.string(),
    contentType: p.string(),
    bytes: p.integer(),
    createdAt: createdAtColumn(),
  },
  uniques: [{ name: 'freelancer_documents_kind_unique', properties: ['freelancer', 'kind'] }],
});
export type FreelancerDocument = InferEntity<typeof FreelancerDocument>;
