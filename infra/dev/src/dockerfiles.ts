/**
 * The images' build inputs read without a Docker engine: a Dockerfile as stages of instructions, and
 * the production build context (the files a `docker build` of the repository root receives, less
 * what /.dockerignore excludes). Used by containers.test.ts (the images' rules) and
 * compose-emulation.ts (their steps run on this machine).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './config';

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  name: string;
  instructions: Instruction[];
}

/** Dockerfile → stages of instructions (comments dropped, `\` continuations joined). */
export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const name = /\sAS\s+(\S+)$/i.exec(instruction.args)?.[1] ?? String(stages.length);
      stages.push({ name, instructions: [] });
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** A .dockerignore pattern as a regular expression over a path relative to the context. */
export function ignoreRegex(pattern: string): RegExp {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/' || part === '**') return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body.replace(/\(\?:\.\*\/\)\?$/, '.*')}$`);
}

/**
 * The files a `docker build` of this repository receives: every file of a fresh clone (plus new files
 * not ignored by git), less what /.dockerignore excludes (a pattern excludes a file when it matches the
 * file or one of its parent folders; `!` re-includes; the last matching pattern wins).
 */
export function productionContext(): string[] {
  const rules = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ exclude: !line.startsWith('!'), regex: ignoreRegex(line.replace(/^!/, '')) }));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((file) => file && existsSync(join(REPO_ROOT, file)));
  return files.filter((file) => {
    const prefixes = file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
    let excluded = false;
    for (const rule of rules) if (prefixes.some((path) => rule.regex.test(path))) excluded = rule.exclude;
    return !excluded;
  });
}
