import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

describe('what the server runtime imports', () => {
  it('Node, pino, ioredis and @turno/domain only: never Koa, React, the ORM or a BFF package', () => {
    const allowed = /^(node:|\.{1,2}\/|\.$|pino$|ioredis$|@turno\/domain$)/;
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'test'))];
    expect(files.length).toBeGreaterThan(5);
    const outside = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((match) => match[1]!)
        .filter((specifier) => !allowed.test(specifier))
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    );
    expect(outside).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@turno/domain', 'ioredis', 'pino']);
  });
});
