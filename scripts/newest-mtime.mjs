// The newest modification time under a folder (node_modules and dist left out): how ensure.mjs and
// build-server.mjs tell that a build is older than its sources. Node built-ins only (it runs before any install).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
