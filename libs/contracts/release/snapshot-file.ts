import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractsSnapshot } from './contract-schemas';

/** The previous release's contracts (written by `npm run contracts:release`). */
export const SNAPSHOT_FILE = join(__dirname, 'contracts.snapshot.json');

export function readSnapshot(): ContractsSnapshot | undefined {
  return existsSync(SNAPSHOT_FILE)
    ? (JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as ContractsSnapshot)
    : undefined;
}

/**
 * Breaking changes accepted for the coming release, each with its reason (reviewed like code): the
 * compatibility test ignores exactly these lines and fails when one no longer occurs. Emptied by
 * `npm run contracts:release`.
 */
export const ACCEPTED_BREAKING_FILE = join(__dirname, 'accepted-breaking.json');

export function acceptedBreaking(): Record<string, string> {
  return existsSync(ACCEPTED_BREAKING_FILE)
    ? (JSON.parse(readFileSync(ACCEPTED_BREAKING_FILE, 'utf8')) as Record<string, string>)
    : {};
}
