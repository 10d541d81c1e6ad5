import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CONSENT_ACTIONS, CONSENT_CLIENT_MAX_LENGTH, CONSENT_KINDS } from '@turno/domain';
import { createdAtColumn } from '../shared/columns';
import { User } from './user.entity';

/**
 * Consents (issue 27, LGPD art. 8): one row per acceptance or withdrawal, never changed afterwards,
 * so the rows of a person are the history of what they agreed to. A kind's state is its newest row.
 * - `kind`: the terms of use, the privacy notice, or an optional use (libs/domain privacy.ts);
 * - `version`: the version of the text in force when the person acted;
 * - `action`: accepted or withdrawn; `createdAt`: when;
 * - `client`: from which app and browser (user agent, cut to 200 characters);
 * - `ipHash`: HMAC-SHA-256 of the client address under the server's key (never the address).
 * Deleting the user deletes their consents.
 */
export const Consent = defineEntity({
  name: 'Consent',
  tableName: 'consents',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    kind: p.enum([...CONSENT_KINDS]),
    version: p.string().length(40),
    action: p.enum([...CONSENT_ACTIONS]),
    client: p.string().length(CONSENT_CLIENT_MAX_LENGTH).nullable(),
    ipHash: p.string().length(64).nullable(),
    createdAt: createdAtColumn(),
  },
  indexes: [{ name: 'consents_user_kind_index', properties: ['user', 'kind', 'id'] }],
});
export type Consent = InferEntity<typeof Consent>;
