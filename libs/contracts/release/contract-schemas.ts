import { z } from 'zod';
import * as contracts from '../src/index';

/** How a contract is used, which decides what a compatible change is (docs/decisions.md, "Deploys one team at a time"). */
export type ContractRole = 'request' | 'response' | 'both';

/** JSON Schema (draft 2020-12, as zod 4's `z.toJSONSchema` writes it). */
export type JsonSchema = Record<string, unknown>;

export interface ContractSnapshot {
  role: ContractRole;
  /** What the server accepts (zod's input side). */
  input: JsonSchema;
  /** What the server answers (zod's output side). */
  output: JsonSchema;
}

export interface ContractsSnapshot {
  /** The commit the snapshot was taken at (`npm run contracts:release`). */
  commit: string;
  contracts: Record<string, ContractSnapshot>;
}

/** Building blocks used on both sides; queue job payloads are written and read by different releases. */
const BOTH = /^(ClockTime|Id|IsoDate|Money|Timestamp|SearchText)$|JobDataSchema$/;
/** Bodies, queries and path parameters the BFFs accept. */
const REQUEST = /(Request|Query|Params|PathId|Update|StatusChange|RunId)Schema$/;

export function contractRole(name: string): ContractRole {
  if (BOTH.test(name)) return 'both';
  return REQUEST.test(name) ? 'request' : 'response';
}

/**
 * Every zod schema exported by @turno/contracts (or by another copy of its `src/index.ts`, e.g. a
 * worktree of the release commit), by export name, as JSON Schema.
 */
export function currentContracts(
  exported: Record<string, unknown> = contracts,
): Record<string, ContractSnapshot> {
  const result: Record<string, ContractSnapshot> = {};
  for (const [name, value] of Object.entries(exported).sort(([a], [b]) => a.localeCompare(b))) {
    if (!(value instanceof z.ZodType)) continue;
    const json = (io: 'input' | 'output') =>
      z.toJSONSchema(value, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
    result[name] = { role: contractRole(name), input: json('input'), output: json('output') };
  }
  return result;
}
