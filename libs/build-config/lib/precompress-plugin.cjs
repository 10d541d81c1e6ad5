// Writes a gzip copy (`file.js.gz`) of every text asset after emit, so the static servers can send
// precompressed files (sirv `gzip: true`) without compressing on each request.
const fs = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
const MIN_BYTES = 1024;

async function listFiles(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('TurnoPrecompressPlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path;
      const files = (await listFiles(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
        }),
      );
    });
  }
}

module.exports = { PrecompressPlugin };
