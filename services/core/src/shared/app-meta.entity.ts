import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updatedAtColumn } from './columns';

/** Small key/value facts about the database itself, e.g. when the demo data was seeded. */
export const AppMeta = defineEntity({
  name: 'AppMeta',
  tableName: 'app_meta',
  properties: {
    key: p.string().primary(),
    value: p.text(),
    updatedAt: updatedAtColumn(),
  },
});
export type AppMeta = InferEntity<typeof AppMeta>;
