// Writes `dist/bundle-graph.json`: the JavaScript files of each entry point and of each named chunk
// group (a lazy page, the federation runtime), so the weight budget (budget.test.cjs) knows which
// files a page loads from the build itself.
const fs = require('node:fs/promises');
const path = require('node:path');

const FILE = 'bundle-graph.json';

class BundleGraphPlugin {
  apply(compiler) {
    compiler.hooks.done.tapPromise('TurnoBundleGraphPlugin', async (stats) => {
      if (stats.hasErrors()) return;
      const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true });
      const jsOf = (group) => group.assets.map((a) => a.name).filter((name) => name.endsWith('.js'));
      const pick = (groups) =>
        Object.fromEntries(Object.entries(groups || {}).map(([name, group]) => [name, jsOf(group)]));
      const graph = { entrypoints: pick(json.entrypoints), chunkGroups: pick(json.namedChunkGroups) };
      const outDir = stats.compilation.outputOptions.path;
      await fs.writeFile(path.join(outDir, FILE), `${JSON.stringify(graph, null, 2)}\n`);
    });
  }
}

module.exports = { BundleGraphPlugin, BUNDLE_GRAPH_FILE: FILE };
