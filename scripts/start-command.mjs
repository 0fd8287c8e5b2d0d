// How `npm start` runs the server, read from package.json's "start" script: the variables set on the server's
// command line (the C library's memory settings) and the options given to node (V8's). The benchmark and the
// compiled-start test start the server this way, so both run what the store runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** @returns {{ env: Record<string, string>; nodeArgs: string[] }} */
export function startCommand() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const command = scripts.start.split('&&').find((part) => part.includes('dist/main.js')) ?? '';
  const [before = '', options = ''] = command.split(/\bnode\b/);
  return {
    env: Object.fromEntries([...before.matchAll(/\b([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]])),
    nodeArgs: options.split(/\s+/).filter((arg) => arg.startsWith('--')),
  };
}
