// `npm test`: every suite in one go, ending with one plain "N passed, N failed" line.
//   checks (type checker, import walls, linter; each counts as one test) + unit + API (SQLite, or PostgreSQL when
//   DATABASE_URL is set) + browser (real Chromium, when installed)
// Usage: node scripts/test.mjs [--suite checks|unit|api|browser]... (default: all)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CHECKS, runCheck } from './check.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const wanted = process.argv.flatMap((a, i, all) => (all[i - 1] === '--suite' ? [a] : []));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Test servers of this run copy one seeded template per catalogue size instead of seeding their own
// (packages/server/src/test-support/test-database.ts); the templates are removed when the run ends.
const testRun = randomBytes(5).toString('hex');
// API and browser test files run two at a time: each spends much of its time waiting (on its server, the
// database or Chromium), so two keep both cores busy. Every file has its own server and database copy, so they
// never share state. TEST_CONCURRENCY=1 runs them one by one (to read a failing file's output in order).
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);

function find(dir, re, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) find(p, re, out);
    else if (re.test(e.name)) out.push(path.relative(root, p));
  }
  return out.sort();
}

const testFile = /\.test\.tsx?$/;
const suites = {
  checks: () => Object.keys(CHECKS),
  unit: () =>
    ['core', 'client', 'web']
      .flatMap((p) => find(path.join(root, 'packages', p, 'src'), testFile))
      .concat(find(path.join(root, 'packages/server/src/seed'), testFile)),
  api: () => find(path.join(root, 'packages/server/src'), testFile).filter((f) => !f.includes('/seed/')),
  browser: () => find(path.join(root, 'e2e'), testFile),
};

function run(name, files) {
  return new Promise((resolve) => {
    console.log(
      `\n=== ${name}: ${files.length} files${name === 'api' ? ` on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}` : ''} ===`,
    );
    const parallel = name === 'api' || name === 'browser' ? [`--test-concurrency=${concurrency}`] : [];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', ...parallel, '--test-reporter=spec', ...files],
      {
        cwd: root,
        env: { ...process.env, CHROMIUM_PATH: chromium, STORE_TEST_RUN: testRun },
      },
    );
    let out = '';
    const tee = (stream, target) =>
      stream.on('data', (d) => {
        out += d;
        target.write(d);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('close', (code) => {
      const count = (label) => Number((out.match(new RegExp(`^ℹ ${label} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
      resolve({ name, code, pass: count('pass'), fail: count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0) });
    });
  });
}

/**
 * The storefront's JavaScript budget (packages/web/js-budget.json) against the build ensure.mjs made: a page
 * type or a chunk over its limit fails the run (scripts/js-budget.mjs; tested in packages/web/src/js-budget.test.ts).
 */
function jsBudget() {
  const r = spawnSync(process.execPath, ['scripts/js-budget.mjs'], { cwd: root, encoding: 'utf8' });
  console.log(`${r.status === 0 ? '✔' : '✖'} budget: JavaScript budget (packages/web/js-budget.json)`);
  console.log(`${r.stdout}${r.stderr}`.trim().replace(/^/gm, '    '));
  return r.status === 0;
}

const results = [];
for (const name of wanted.length ? wanted : Object.keys(suites)) {
  if (name === 'browser' && !existsSync(chromium)) {
    console.log(`\n=== browser: skipped, ${chromium} not found (apt-get install -y chromium) ===`);
    if (process.env.CI) results.push({ name, code: 1, pass: 0, fail: 1 });
    continue;
  }
  if (name === 'checks') {
    console.log('\n=== checks: types, walls, lint, JavaScript budget ===');
    const passed = [...suites.checks().map(runCheck), jsBudget()];
    const fail = passed.filter((ok) => !ok).length;
    results.push({ name, code: fail ? 1 : 0, pass: passed.length - fail, fail });
    continue;
  }
  const files = suites[name]();
  if (files.length) results.push(await run(name, files));
}
spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/test-support/drop-templates.ts', testRun], {
  cwd: root,
  stdio: 'inherit',
});
const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0);
console.log('');
for (const r of results) console.log(`${r.name}: ${r.pass} passed, ${r.fail} failed`);
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail || results.some((r) => r.code !== 0) ? 1 : 0);
