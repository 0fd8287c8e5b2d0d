import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The page is fully server-rendered, so the hydration script must never compete with first paint:
 * it is fetched at low priority (module scripts are deferred already).
 */
function lowPriorityEntryScript(): Plugin {
  return {
    name: 'store:low-priority-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"'),
    },
  };
}

/** Writes .br and .gz next to each built asset, for servers that serve precompressed files. */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (!outDir) return;
      let files: string[] = [];
      try {
        files = readdirSync(outDir);
      } catch {
        return;
      }
      for (const name of files) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(outDir, name);
        if (!statSync(file).isFile() || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The React entry points the code (ours and React Router's) imports, mapped to Preact's. */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Client build: dist/client (index.html template + hashed /assets/*, with .vite/manifest.json).
// Server build (--ssr src/entry-server.tsx): dist/server/entry-server.js, imported by packages/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), lowPriorityEntryScript(), precompressAssets()],
  // Preact renders both sides (its 10 kB renderer instead of React DOM's 58 kB keeps the pages' JavaScript in
  // budget): preact/compat stands in for react and react-dom, in our code and in React Router's.
  resolve: { alias: PREACT_ALIASES },
  // The workspace packages ship TypeScript sources: bundle them rather than leave them to Node. React Router is
  // bundled too, so that its `react` imports resolve to preact/compat like ours (Node would load React itself).
  ssr: { noExternal: ['@store/client', '@store/core', 'react-router'] },
  build: {
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    emptyOutDir: true,
    rolldownOptions: {
      // Our own packages are side-effect free (core is pure; client and web run nothing at import that
      // another module relies on), so what a page does not use is left out of its chunks: without this the
      // barrels (@store/core's index) pull every module they re-export into the shared shell.
      treeshake: { moduleSideEffects: (id: string) => !/\/packages\/(core|client)\/src\//.test(id) },
      // The libraries every page loads, in chunks of stable names (js-budget.json gives each its limit) that
      // change only when the libraries do, so a new build of our own code leaves them in the browser's cache.
      // (The server build keeps its own chunks: it loads everything at start anyway.)
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
              ],
            },
          },
    },
  },
}));
