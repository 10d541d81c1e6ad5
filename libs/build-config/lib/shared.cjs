// React is shared as a singleton between the host and every remote. The version comes from the
// repository root, where React is pinned once: React 19 breaks on any version skew (error #527).
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const rootPackage = require(path.join(ROOT, 'package.json'));

function rootVersion(pkg) {
  const version = (rootPackage.dependencies || {})[pkg] || (rootPackage.devDependencies || {})[pkg];
  if (!version) throw new Error(`[build-config] ${pkg} is not declared in the root package.json`);
  return version;
}

// zod is deliberately not shared: a shared module is bundled whole (about 89 KB gz for zod 4 with
// its locales) where each app's own tree-shaken copy is about 26 KB gz.

/** `shared` option of ModuleFederationPlugin, identical in the host and every remote. */
function sharedDependencies() {
  const react = rootVersion('react');
  const reactDom = rootVersion('react-dom');
  return {
    react: { singleton: true, requiredVersion: react },
    'react/jsx-runtime': { singleton: true, requiredVersion: react },
    'react-dom': { singleton: true, requiredVersion: reactDom },
    'react-dom/client': { singleton: true, requiredVersion: reactDom },
  };
}

module.exports = { ROOT, sharedDependencies };
