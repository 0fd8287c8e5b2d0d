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

/**
 * The modules the entry loads statically (the shell every page runs: layout, header, session, consent and
 * what they import), for one `shell` chunk instead of a few dozen small ones. Each chunk is compressed on its
 * own, so many small chunks cost more bytes (about 6 kB brotli on the dataset page) and more requests. The set
 * is the entry's static import closure, read from the module graph once the build has it; the entry module
 * itself stays in the entry chunk, which then imports the shell and never the other way round (no cycle).
 * Through our packages' barrels (`@store/core`, `@store/client`) only the modules that export a name the
 * importer takes are followed: the barrels import every module, most of which only other pages use.
 */
function entryShell(): { plugin: Plugin; has: (id: string) => boolean } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'store:entry-shell',
    apply: 'build',
    buildEnd() {
      shell.clear();
      const info = (id: string) => this.getModuleInfo(id);
      // The HTML entry's own module only imports the entry script; both stay in the entry chunk.
      const html = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      const entries = [...html, ...html.flatMap((id) => info(id)?.importedIds ?? [])];
      const follow = (id: string): string[] => {
        const code = info(id)?.code ?? '';
        return (info(id)?.importedIds ?? []).flatMap((dep) =>
          BARREL.test(dep) ? barrelModules(dep, importedNames(code, dep), info) : [dep],
        );
      };
      const todo = entries.flatMap(follow);
      while (todo.length > 0) {
        const id = todo.pop() as string;
        if (shell.has(id) || entries.includes(id)) continue;
        shell.add(id);
        todo.push(...follow(id));
      }
    },
  };
  return { plugin, has: (id) => shell.has(id) };
}

const BARREL = /[\\/]packages[\\/](core|client)[\\/]src[\\/]index\.ts$/;

/** The names a module imports from one of our barrels (by its package name, as our code imports them). */
function importedNames(code: string, barrel: string): string[] {
  const pkg = barrel.includes(`${path.sep}core${path.sep}`) ? 'core' : 'client';
  const names: string[] = [];
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]@store/${pkg}['"]`, 'g'))) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** The modules behind a barrel that export one of `names`. */
function barrelModules(
  barrel: string,
  names: string[],
  info: (id: string) => { code: string | null; importedIds: readonly string[] } | null,
): string[] {
  if (names.length === 0) return [];
  const exports = new RegExp(`\\bexport\\b[^;=(]*\\b(${names.join('|')})\\b`);
  return (info(barrel)?.importedIds ?? []).filter((id) => exports.test(info(id)?.code ?? ''));
}

const shell = entryShell();

/**
 * The workspace's route chunks (src/routes/admin), named at generateBundle, which runs before Vite's own writes
 * the lists of what to preload with each lazy chunk (see modulePreload below).
 */
function workspaceRouteChunks(): { plugin: Plugin; has: (file: string) => boolean } {
  const files = new Set<string>();
  return {
    has: (file) => files.has(file),
    plugin: {
      name: 'store:workspace-route-chunks',
      generateBundle(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && /\/src\/routes\/admin\//.test(chunk.facadeModuleId ?? ''))
            files.add(chunk.fileName);
      },
    },
  };
}
const workspaceRoutes = workspaceRouteChunks();

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
  plugins: [react(), lowPriorityEntryScript(), precompressAssets(), shell.plugin, workspaceRoutes.plugin],
  // Preact renders both sides (its 10 kB renderer instead of React DOM's 58 kB keeps the pages' JavaScript in
  // budget): preact/compat stands in for react and react-dom, in our code and in React Router's.
  resolve: { alias: PREACT_ALIASES },
  // The workspace packages ship TypeScript sources: bundle them rather than leave them to Node. React Router is
  // bundled too, so that its `react` imports resolve to preact/compat like ours (Node would load React itself).
  ssr: { noExternal: ['@store/client', '@store/core', 'react-router'] },
  build: {
    manifest: true,
    target: 'es2022',
    modulePreload: {
      polyfill: false,
      // A lazy route's imports are preloaded with it on client-side navigation, except a workspace page's: the
      // list of their file names sat in the shell that every shopper loads (0.45 kB brotli of hashes). A
      // workspace page fetches its imports one step later on its first client-side visit instead (a
      // server-rendered /admin page still has its modulepreload links, from the manifest).
      resolveDependencies: (file, deps) => (workspaceRoutes.has(file) ? [] : deps),
    },
    cssCodeSplit: false,
    emptyOutDir: true,
    rolldownOptions: {
      // Our own packages are side-effect free (core is pure; client and web run nothing at import that
      // another module relies on), so what a page does not use is left out of its chunks: without this the
      // barrels (@store/core's index) pull every module they re-export into the shared shell.
      treeshake: { moduleSideEffects: (id: string) => !/\/packages\/(core|client)\/src\//.test(id) },
      // What every page loads (Preact, React Router and our shell: see entryShell) in one chunk named `shell`
      // (js-budget.json gives it its limit). One chunk compresses better than several: separate chunks for the
      // libraries, kept for the browser's cache across our releases, cost the dataset page 1.5 kB brotli, which
      // its 90 kB budget does not have. (The server build keeps its own chunks: it loads everything at start.)
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'shell', test: shell.has }] } },
    },
  },
}));
