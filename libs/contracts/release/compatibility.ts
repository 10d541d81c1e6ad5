import type { ContractSnapshot, JsonSchema } from './contract-schemas';

/**
 * Breaking changes between the previous release's contracts and the current ones, as readable lines.
 * The rule (docs/decisions.md, "Deploys one team at a time"): contracts only grow within a release.
 * - No contract and no field is removed or renamed.
 * - Responses (what a remote of the other release reads): a new field is optional; a field keeps its
 *   required/optional status; a field's value may not take a type it could not take before (null included).
 * - Requests (what the BFF of the other release receives): a new field is optional; no field becomes
 *   required; nothing is narrower (a type, an enum value, a length, a bound, a pattern no longer accepted).
 */
export function breakingChanges(
  previous: Record<string, ContractSnapshot>,
  current: Record<string, ContractSnapshot>,
): string[] {
  const problems: string[] = [];
  for (const [name, old] of Object.entries(previous)) {
    const now = current[name];
    if (!now) {
      problems.push(`${name}: the contract was removed or renamed`);
      continue;
    }
    const role = old.role === now.role ? old.role : 'both';
    if (role !== 'response') compare(name, old.input, now.input, 'request', problems);
    if (role !== 'request') compare(name, old.output, now.output, 'response', problems);
  }
  return problems;
}

type Side = 'request' | 'response';

interface Node {
  types: Set<string>;
  /** The schema without its null alternative (what objects, arrays and bounds are read from). */
  body: JsonSchema;
  /** The non-null alternatives of a union of several shapes. */
  variants: JsonSchema[];
}

const ANY = 'any';

function node(schema: JsonSchema): Node {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) {
    const nonNull = alternatives.filter((alternative) => alternative.type !== 'null');
    const types = new Set(alternatives.flatMap((alternative) => [...node(alternative).types]));
    const [only] = nonNull;
    if (only && nonNull.length === 1) return { ...node(only), types };
    return { types, body: schema, variants: nonNull };
  }
  const type = schema.type as string | string[] | undefined;
  const types = new Set(type === undefined ? [] : Array.isArray(type) ? type : [type]);
  if (types.size === 0) {
    if (schema.enum || 'const' in schema) {
      for (const value of (schema.enum as unknown[]) ?? [schema.const])
        types.add(value === null ? 'null' : typeof value);
    } else types.add(ANY);
  }
  return { types, body: schema, variants: [] };
}

/** Does a set of types accept a value of `type`? (an integer is a number; `any` accepts everything) */
const accepts = (types: Set<string>, type: string) =>
  types.has(ANY) || types.has(type) || (type === 'integer' && types.has('number'));

const enumOf = (schema: JsonSchema): unknown[] | undefined =>
  (schema.enum as unknown[] | undefined) ?? ('const' in schema ? [schema.const] : undefined);

const requiredOf = (schema: JsonSchema) => new Set((schema.required as string[] | undefined) ?? []);

function compare(
  path: string,
  oldSchema: JsonSchema,
  newSchema: JsonSchema,
  side: Side,
  problems: string[],
): void {
  const before = node(oldSchema);
  const after = node(newSchema);
  if (before.types.has(ANY) && side === 'request') return;

  if (side === 'request') {
    for (const type of before.types)
      if (!accepts(after.types, type)) problems.push(`${path}: the request no longer accepts ${type}`);
  } else {
    for (const type of after.types)
      if (!accepts(before.types, type)) problems.push(`${path}: the response may now be ${type}`);
  }

  if (before.variants.length === 0 && after.variants.length > 0) {
    // One shape became a union: the old shape must still be one of them (the closest is compared);
    // a consumer of the previous release may now receive a shape it does not know.
    const attempts = after.variants.map((variant) => {
      const found: string[] = [];
      compare(path, oldSchema, variant, side, found);
      return found;
    });
    const closest = attempts.reduce((best, found) => (found.length < best.length ? found : best));
    problems.push(...closest);
    if (side === 'response') problems.push(`${path}: the response may now take another shape`);
    return;
  }

  const oldEnum = enumOf(before.body);
  const newEnum = enumOf(after.body);
  if (side === 'request' && newEnum) {
    const lost = oldEnum ? oldEnum.filter((value) => !newEnum.includes(value)) : ['(any value)'];
    if (lost.length)
      problems.push(
        `${path}: the request no longer accepts ${lost.map((v) => JSON.stringify(v)).join(', ')}`,
      );
  }

  if (side === 'request') narrowerBounds(path, before.body, after.body, problems);

  const oldProps = before.body.properties as Record<string, JsonSchema> | undefined;
  const newProps = (after.body.properties as Record<string, JsonSchema> | undefined) ?? {};
  if (oldProps) {
    const oldRequired = requiredOf(before.body);
    const newRequired = requiredOf(after.body);
    for (const [field, schema] of Object.entries(oldProps)) {
      const where = `${path}.${field}`;
      if (!(field in newProps)) {
        problems.push(`${where}: the field was removed or renamed`);
        continue;
      }
      if (!oldRequired.has(field) && newRequired.has(field))
        problems.push(`${where}: the ${side} field became required`);
      if (side === 'response' && oldRequired.has(field) && !newRequired.has(field))
        problems.push(`${where}: the response field may now be missing`);
      compare(where, schema, newProps[field] ?? {}, side, problems);
    }
    for (const field of Object.keys(newProps))
      if (!(field in oldProps) && newRequired.has(field))
        problems.push(`${path}.${field}: a new ${side} field must be optional`);
    if (
      side === 'request' &&
      before.body.additionalProperties !== false &&
      after.body.additionalProperties === false
    )
      problems.push(`${path}: the request no longer accepts other fields`);
  }

  if (before.body.items && after.body.items)
    compare(`${path}[]`, before.body.items as JsonSchema, after.body.items as JsonSchema, side, problems);

  if (before.variants.length > 0) {
    if (before.variants.length === after.variants.length)
      before.variants.forEach((variant, index) =>
        compare(`${path}|${index}`, variant, after.variants[index] ?? {}, side, problems),
      );
    else if (side === 'request' && after.variants.length < before.variants.length)
      problems.push(`${path}: the request accepts fewer shapes`);
    else if (side === 'response' && after.variants.length > before.variants.length)
      problems.push(`${path}: the response may now take another shape`);
  }
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

function narrowerBounds(path: string, before: JsonSchema, after: JsonSchema, problems: string[]): void {
  for (const key of LOWER_BOUNDS) {
    const [was, now] = [before[key] as number | undefined, after[key] as number | undefined];
    if (now !== undefined && (was === undefined || now > was))
      problems.push(`${path}: the request's ${key} rose from ${was ?? 'none'} to ${now}`);
  }
  for (const key of UPPER_BOUNDS) {
    const [was, now] = [before[key] as number | undefined, after[key] as number | undefined];
    if (now !== undefined && (was === undefined || now < was))
      problems.push(`${path}: the request's ${key} fell from ${was ?? 'none'} to ${now}`);
  }
  for (const key of ['pattern', 'format'] as const)
    if (after[key] !== undefined && after[key] !== before[key])
      problems.push(`${path}: the request's ${key} changed to ${JSON.stringify(after[key])}`);
}
