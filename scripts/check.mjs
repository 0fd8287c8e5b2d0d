// The static checks `npm test` runs first: the type checker over every package, the import walls
// (.dependency-cruiser.cjs) and the formatter + linter (biome.json). Each prints its own findings.
// Usage: node scripts/check.mjs [types|walls|lint]... (default: all). Exit code 1 when any fails.
//        node scripts/check.mjs --biome <biome arguments>   (npm run format, npm run lint)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const KNOWN = '.dependency-cruiser-known-violations.json';
const bin = (dir, name) => path.join(root, dir, 'node_modules/.bin', name);
// Biome's own binary package for this platform: the registry this project installs from serves Biome's Linux
// binaries only, so the @biomejs/biome wrapper (which lists every platform's binary) cannot be locked for npm ci.
export const BIOME = path.join(root, 'node_modules/@biomejs/cli-linux-x64/biome');

export const CHECKS = {
  types: { what: 'type checker (tsc --noEmit, strict)', cmd: [bin('.', 'tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  walls: {
    what: 'import walls (dependency-cruiser)',
    cmd: [
      bin('tools/walls', 'depcruise'),
      '--config',
      '.dependency-cruiser.cjs',
      // Violations known when the walls went up, each to be moved to its layer; the list only shrinks.
      ...(existsSync(path.join(root, KNOWN)) ? ['--ignore-known', KNOWN] : []),
      '--output-type',
      'err',
      'packages',
      'bench',
      'scripts',
    ],
  },
  lint: {
    what: 'formatter and linter (biome ci)',
    cmd: [BIOME, 'ci', '--colors=off', '--error-on-warnings', '.'],
  },
};

/** Runs one check, printing what it said; returns whether it passed. */
export function runCheck(name) {
  const { what, cmd } = CHECKS[name];
  const started = Date.now();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: root, encoding: 'utf8' });
  const ok = r.status === 0;
  const said = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`.trim();
  console.log(`${ok ? '✔' : '✖'} ${name}: ${what} (${Date.now() - started} ms)`);
  if (said) console.log(said.replace(/^/gm, '    '));
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--biome') {
    // `npm run format` / `npm run lint`: Biome itself, with the arguments given.
    const r = spawnSync(BIOME, process.argv.slice(3), { cwd: root, stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  const wanted = process.argv.slice(2).filter((a) => a in CHECKS);
  const names = wanted.length ? wanted : Object.keys(CHECKS);
  const failed = names.filter((n) => !runCheck(n));
  process.exit(failed.length ? 1 : 0);
}
