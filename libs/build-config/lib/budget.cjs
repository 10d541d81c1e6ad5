// What the landing page and each remote's first screen load, computed from the build output, for
// the weight budgets of budget.test.cjs (docs/decisions.md, "Weight budgets").
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { BUNDLE_GRAPH_FILE } = require('./bundle-graph-plugin.cjs');

/** Bytes of `file` gzip-compressed at level 9, as the build's precompressed copies are sent. */
function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function readJson(file) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the host and the remotes first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function sum(dist, files) {
  const sizes = Object.fromEntries(files.map((f) => [f, gzipSize(path.join(dist, f))]));
  return { files: sizes, total: Object.values(sizes).reduce((a, b) => a + b, 0) };
}

/**
 * The landing page: the scripts of the host's index.html, which must be exactly the initial
 * chunks of its entry point (every other page and the federation runtime are lazy chunk groups).
 */
function landingPage(hostDist) {
  const html = fs.readFileSync(path.join(hostDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''));
  const graph = readJson(path.join(hostDist, BUNDLE_GRAPH_FILE));
  const entry = graph.entrypoints.main || [];
  const missing = entry.filter((f) => !scripts.includes(f));
  if (missing.length > 0) throw new Error(`index.html does not load ${missing.join(', ')} of the main entry`);
  return sum(hostDist, scripts);
}

/**
 * What the host adds for a remote page beyond the landing page: the page's chunk group and the
 * federation runtime's (shells/host/src/remotes/load.ts), minus files the landing page loaded.
 */
function hostRemotePage(hostDist, pageGroup) {
  const graph = readJson(path.join(hostDist, BUNDLE_GRAPH_FILE));
  const landing = new Set(graph.entrypoints.main);
  const groups = [pageGroup, 'federation'];
  const files = new Set();
  for (const group of groups) {
    if (!graph.chunkGroups[group]) throw new Error(`the host build has no chunk group "${group}"`);
    for (const f of graph.chunkGroups[group]) if (!landing.has(f)) files.add(f);
  }
  return sum(hostDist, [...files]);
}

/**
 * A remote's first screen: its remoteEntry.js, the synchronous chunks of its exposed ./App
 * (mf-manifest.json) and those of the lazy sections that screen opens at once (named chunk groups of
 * its dist/bundle-graph.json, e.g. admin-ops' `section-dashboard`, the admin's Dashboard tab), minus
 * the chunks of shared modules, which the host provides (React).
 */
function remoteFirstScreen(remoteDist, { expose = './App', sections = [] } = {}) {
  const manifest = readJson(path.join(remoteDist, 'mf-manifest.json'));
  const exposed = manifest.exposes.find((e) => e.path === expose);
  if (!exposed) throw new Error(`${remoteDist}: mf-manifest.json exposes no ${expose}`);
  const sharedFiles = new Set(manifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]));
  const graph = sections.length > 0 ? readJson(path.join(remoteDist, BUNDLE_GRAPH_FILE)) : null;
  const sectionFiles = sections.flatMap((section) => {
    const files = graph.chunkGroups[section];
    if (!files) throw new Error(`${remoteDist}: the build has no chunk group "${section}"`);
    return files;
  });
  const files = [
    ...new Set([manifest.metaData.remoteEntry.name, ...exposed.assets.js.sync, ...sectionFiles]),
  ].filter((f) => !sharedFiles.has(f));
  return { ...sum(remoteDist, files), shared: manifest.shared.map((s) => s.name) };
}

module.exports = { gzipSize, landingPage, hostRemotePage, remoteFirstScreen };
