/**
 * The read API: what a read query needs to be written outside core (a BFF's screen query, beside
 * its route) and stay like the ones inside — keyset pages, filters, search, the counts kept per
 * data version, and the SQL → wire shaping. Queries read with plain rows through
 * `em.getConnection().execute(sql, params)` (the request's EntityManager), never entities.
 * A BFF query imports only this (through `@turno/core`), entity types, `@turno/domain` and
 * `@turno/contracts`; a query two BFFs (or a BFF and the workers) need stays in core.
 */
export { decodeCursor, encodeCursor, pageOf, type CursorKey } from './keyset';
export {
  countsOf,
  readPageAndCounts,
  readPageAndTotal,
  readPageWithKeptCounts,
  readTogether,
  statementOf,
  statusCountsSql,
  type ListReadOptions,
  type SqlStatement,
} from './list-read';
export { containsPattern, foldedMatch } from './search';
export { SqlWhere, intArrayParam } from './sql-where';
export {
  businessScopeOf,
  jobsInScopeSql,
  storeScopeOf,
  wholeBusiness,
  type BusinessScope,
} from './business-scope';
export { VersionedCache } from './versioned-cache';
export { UTC_ISO, UTC_MICROSECONDS, addressLine, isoInstant } from './wire';
export {
  ADMIN_DATA_VERSION_SQL,
  AUDIT_DATA_VERSION_SQL,
  adminWithVersionSql,
  dataVersionOf,
  userDataVersionSql,
  withUserDataVersion,
} from './data-version';
