// Makes `npm start` and `npm test` work on a fresh clone: installs what is missing, then
// builds the storefront bundle when its sources are newer than the build, and for `npm start` the
// compiled server (scripts/build-server.mjs) likewise. Node builtins only (the build script is
// loaded after the install), because this runs before node_modules exists.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newest } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd) =>
  execSync(cmd, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' },
  });

const sqliteAddon = path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
if (!existsSync(path.join(root, 'node_modules/.package-lock.json')) || !existsSync(sqliteAddon)) {
  console.log('[ensure] installing dependencies (the first run compiles SQLite, about 2 minutes)…');
  run(
    existsSync(path.join(root, 'package-lock.json'))
      ? 'npm ci --no-audit --no-fund'
      : 'npm install --no-audit --no-fund',
  );
}

const mode = process.argv[2];
// The import-boundary checker has an install of its own (tools/walls/package.json says why).
if ((mode === 'test' || mode === 'check') && !existsSync(path.join(root, 'tools/walls/node_modules/.bin/depcruise'))) {
  console.log('[ensure] installing the import-boundary checker…');
  run('npm ci --prefix tools/walls --no-audit --no-fund');
}
if (mode === 'start' || mode === 'test' || mode === 'dev') {
  const web = path.join(root, 'packages/web');
  const built = path.join(web, 'dist/server/entry-server.js');
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(root, 'packages/client/src')),
    newest(path.join(root, 'packages/core/src')),
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log('[ensure] building the storefront…');
    run('npm run build -w @store/web --silent');
  }
}
if (mode === 'start') {
  // Production runs compiled JavaScript: rebuilt here whenever a server, core or client source is newer.
  const { buildServer, serverBuildStaleReason } = await import('./build-server.mjs');
  const reason = serverBuildStaleReason();
  if (reason) {
    console.log(`[ensure] compiling the server (${reason})…`);
    await buildServer();
  }
}
