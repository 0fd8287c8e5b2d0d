// Server render entry, imported by packages/server from dist/server/entry-server.js.
// The stylesheet is inlined into every page (no render-blocking request).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import css from './styles.css?inline';
import { renderPage, type RenderContext, type RenderRequest, type RenderResult } from './server/render.tsx';
import type { Manifest } from './server/route-preloads.ts';

export type { RenderContext, RenderRequest, RenderResult };

/** The client build's manifest, next to this file's build (dist/server → dist/client), read once. */
const MANIFEST_FILE = fileURLToPath(new URL('../client/.vite/manifest.json', import.meta.url));
const manifest = existsSync(MANIFEST_FILE) ? (JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest) : undefined;

export async function render(
  req: { url: string; headers: Record<string, string | undefined> },
  ctx: RenderContext,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return renderPage(req, { manifest, ...ctx }, css);
}
