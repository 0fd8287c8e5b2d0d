// Server render entry, imported by packages/server from dist/server/entry-server.js.
// The stylesheet is inlined into every page (no render-blocking request).

import css from './styles.css?inline';
import { renderPage, type RenderContext, type RenderRequest, type RenderResult } from './server/render.tsx';

export type { RenderContext, RenderRequest, RenderResult };

export async function render(
  req: { url: string; headers: Record<string, string | undefined> },
  ctx: RenderContext,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return renderPage(req, ctx, css);
}
