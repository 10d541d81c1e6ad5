// The parts of an rspack config that the host and the remotes have in common.
const path = require('node:path');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');

/** TypeScript and TSX through the built-in SWC loader: no type-checking here (`typecheck` does it). */
function swcRule() {
  return {
    test: /\.tsx?$/,
    // Only real packages are excluded: workspace libs (@turno/ui, @turno/contracts, @turno/domain)
    // are TypeScript sources reached through node_modules symlinks, which rspack resolves to their
    // real path under libs/, so they are compiled like the app's own files.
    exclude: /[\\/]node_modules[\\/]/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * @param {{ dirname: string, uniqueName: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
function baseConfig({ dirname, uniqueName }) {
  const sourceMaps = process.env.TURNO_SOURCE_MAPS === '1';
  return {
    mode: 'production',
    context: dirname,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dirname, 'dist'),
      publicPath: 'auto',
      uniqueName,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      // Remote chunks come from other origins: CORS mode gives real error messages in the host.
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    module: { rules: [swcRule()] },
    // Fast production builds: no source maps unless asked for (TURNO_SOURCE_MAPS=1).
    devtool: sourceMaps ? 'source-map' : false,
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [new PrecompressPlugin()],
  };
}

module.exports = { baseConfig, swcRule };
