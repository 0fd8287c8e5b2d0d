// <head> tags from the matched routes: title, description, canonical and Open Graph (spec 03 §2.2 item 12).

import { escapeHtml } from '@store/core';
import type { HeadData } from '../pages/types.ts';

export interface HeadMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
  handle?: unknown;
}

export interface RouteHandle {
  head?: (data: unknown) => HeadData;
}

export const NOT_FOUND_HEAD: HeadData = {
  title: 'Page not found',
  description: 'The page you were looking for does not exist.',
  robots: 'noindex',
};
export const ERROR_HEAD: HeadData = { title: 'Something went wrong', robots: 'noindex' };

/** The deepest matched route that describes its head and has data; otherwise the not-found head. */
export function headFor(matches: HeadMatch[], errored = false): HeadData {
  if (errored) return NOT_FOUND_HEAD;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i];
    const handle = m.handle as RouteHandle | undefined;
    const data = m.loaderData ?? m.data;
    if (handle?.head && data) return handle.head(data);
  }
  return NOT_FOUND_HEAD;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);

/** The tags as HTML for the server template. */
export function renderHead(head: HeadData, origin: string): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const description = head.description ?? '';
  tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonicalPath)
    tags.push(`<link rel="canonical" href="${escapeHtml(absolute(origin, head.canonicalPath))}">`);
  tags.push(`<meta property="og:title" content="${escapeHtml(head.title)}">`);
  tags.push(`<meta property="og:description" content="${escapeHtml(description)}">`);
  tags.push(`<meta property="og:type" content="${head.type ?? 'website'}">`);
  if (head.canonicalPath)
    tags.push(`<meta property="og:url" content="${escapeHtml(absolute(origin, head.canonicalPath))}">`);
  if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(absolute(origin, head.image))}">`);
  return tags.join('\n');
}
