// Compiles the server for `npm start`: packages/server/src/main.ts (the server, and with WORKERS=N its
// cluster primary) and seed/cli.ts (the `--if-empty` seed `npm start` runs first) bundled by esbuild into
// packages/server/dist/, so production runs plain JavaScript instead of transpiling TypeScript at every start.
// tsx stays for development, the tests and the other commands.
//
// What is bundled: our own code and the workspace packages (@store/core is TypeScript source). What is not:
// every npm package (native addons such as better-sqlite3 and sharp, and files they read beside themselves),
// which Node resolves from node_modules as before. Nothing else is read from disk relative to the server's
// sources at run time: migrations are imported (db/migrate.ts lists them), the storefront's build is found
// from the server package's folder (http/storefront.ts), and seo/schemas is for tests only.
//
// Usage: node scripts/build-server.mjs [--if-stale]   (scripts/ensure.mjs start runs it with --if-stale)
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { newest } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_DIST = path.join(root, 'packages/server/dist');
/** The compiled entry points, by the name of their output file. */
export const SERVER_ENTRIES = {
  main: 'packages/server/src/main.ts',
  'seed-cli': 'packages/server/src/seed/cli.ts',
};
/** What the compiled server is made from: when any of it is newer than the build, the build is stale. */
const SOURCES = ['packages/server/src', 'packages/core/src', 'packages/client/src'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/** Why the build must be (re)made, or null when every output is newer than every source. */
export function serverBuildStaleReason() {
  const outputs = Object.keys(SERVER_ENTRIES).map((name) => path.join(SERVER_DIST, `${name}.js`));
  const missing = outputs.find((f) => !existsSync(f));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const sources = Math.max(
    ...SOURCES.map((d) => newest(path.join(root, d))),
    ...INPUT_FILES.map((f) => statSync(path.join(root, f)).mtimeMs),
  );
  return sources > built ? 'sources changed since the last build' : null;
}

/** Bundles the entries into packages/server/dist (replacing what was there). */
export async function buildServer() {
  const { build } = await import('esbuild');
  const started = Date.now();
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    // Shared modules go into chunks once, not into each entry.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    plugins: [
      {
        // Every bare import is an npm package left to Node, except our workspace packages (TypeScript source).
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  const reason = serverBuildStaleReason();
  if (ifStale && !reason) process.exit(0);
  console.log(`[build] compiling the server${reason ? ` (${reason})` : ''}…`);
  const ms = await buildServer();
  console.log(`[build] packages/server/dist ready in ${ms} ms`);
}
