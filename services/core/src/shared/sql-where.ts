/**
 * A WHERE clause of a read query, built one condition at a time with its `?` parameters in order
 * (MikroORM's `connection.execute(sql, params)` binds them positionally).
 */
export class SqlWhere {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  sql(): string {
    return this.parts.length > 0 ? `where ${this.parts.join(' and ')}` : '';
  }

  /** A copy, so a page and its counts share a filter but not what each adds to it. */
  copy(): SqlWhere {
    const copy = new SqlWhere();
    copy.parts.push(...this.parts);
    copy.params.push(...this.params);
    return copy;
  }
}

/** A PostgreSQL array literal of ids, for a `?::int[]` parameter (knex would expand a JS array; refuses what is not an integer). */
export function intArrayParam(values: readonly number[]): string {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer id: ${value}`);
  }
  return `{${values.join(',')}}`;
}
