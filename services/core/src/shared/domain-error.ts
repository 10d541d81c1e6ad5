/**
 * A refusal by a domain service: the HTTP status a BFF answers with, the pt-BR message a person
 * reads (from MESSAGES in @turno/domain), and a stable code tests and clients can match.
 * bffs/kit answers any error carrying a 4xx `status` as `{ error: message }`.
 */
export type DomainErrorStatus = 400 | 403 | 404 | 409 | 410 | 422;

export class DomainError extends Error {
  constructor(
    readonly status: DomainErrorStatus,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string) => new DomainError(400, code, message);
export const forbidden = (code: string, message: string) => new DomainError(403, code, message);
/** Also used for another owner's rows: they do not exist for this caller. */
export const notFound = (code: string, message: string) => new DomainError(404, code, message);
export const conflict = (code: string, message: string) => new DomainError(409, code, message);
/** Something that existed and is no more (a used or expired download link). */
export const gone = (code: string, message: string) => new DomainError(410, code, message);
