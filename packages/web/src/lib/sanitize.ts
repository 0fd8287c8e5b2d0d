// Rich-text sanitising (spec 03 §5, "Generic library rules"): DOMPurify with a fixed list of
// tags and attributes and the URL schemes ftp, ftps, http, https, mailto, tel, callto, cid, xmpp,
// ciscotel and navision. When sanitising fails, the raw text is shown as plain text. Embedded frames
// stay only when they load a known video player over https or a page of this site (core
// isAllowedFrameSrc, the same list the page's CSP frame-src names); every other iframe is removed.
//
// Two sanitisers apply that one policy. The browser has a DOM and uses DOMPurify (domPurifier, below). The
// server render uses sanitize-html (./purify-server.ts), which parses without a DOM: DOMPurify there needs
// jsdom, which cost each server process about 100 MiB of memory. purify.test.ts runs the same cases through
// both. Whoever starts the app registers how to get its sanitiser (setPurifierProvider).

import { isAllowedFrameSrc, RICH_TEXT_ALLOWED_ATTR, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_URI_REGEXP } from '@store/core';

/** A sanitiser that applies this file's rich-text policy (RICH_TEXT_CONFIG, the link and frame rules). */
export interface Purifier {
  sanitize(dirty: string): unknown;
}

/** What domPurifier needs of DOMPurify. */
export interface DomPurify {
  sanitize(dirty: string, config: Record<string, unknown>): unknown;
  addHook(name: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
}

export { RICH_TEXT_ALLOWED_ATTR, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_URI_REGEXP } from '@store/core';

export const RICH_TEXT_CONFIG: Record<string, unknown> = {
  ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: RICH_TEXT_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  RETURN_TRUSTED_TYPE: false,
};

/** The result a RichText renders: sanitised HTML, or the fallback plain text. */
export type SanitizedRichText = { kind: 'html'; html: string } | { kind: 'text'; text: string };

/** Tags dropped and the common entities decoded: the "plain text" fallback and meta descriptions. */
export function toPlainText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A link that opens another window gets these (target and rel), so it does not hand the opener to its target. */
export const NEW_WINDOW_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * DOMPurify with the policy: links that open a new window must not hand the opener to the target; an iframe
 * whose src (after the URL rules above) is not an allowed frame source is removed whole; the kept ones load
 * lazily. Call it once per DOMPurify instance (it adds a hook).
 */
export function domPurifier(purify: DomPurify): Purifier {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('target', NEW_WINDOW_LINK.target);
      node.setAttribute('rel', NEW_WINDOW_LINK.rel);
    }
    if (node.tagName === 'IFRAME') {
      // Same-site frames are written as paths: the server render knows no origin, and both sides must agree.
      if (!isAllowedFrameSrc(node.getAttribute('src'))) node.remove();
      else node.setAttribute('loading', 'lazy');
    }
  });
  return { sanitize: (dirty) => purify.sanitize(dirty, RICH_TEXT_CONFIG) };
}

/** Synchronous sanitising with a given sanitiser; never throws (a failure shows the text as plain text). */
export function sanitizeWith(
  purifier: Purifier | null | undefined,
  value: string | null | undefined,
): SanitizedRichText {
  const raw = value ?? '';
  if (!raw.trim()) return { kind: 'text', text: '' };
  try {
    if (!purifier) throw new Error('no sanitiser');
    const html = purifier.sanitize(raw);
    if (typeof html !== 'string') throw new Error('sanitiser returned no string');
    return { kind: 'html', html };
  } catch {
    return { kind: 'text', text: toPlainText(raw) };
  }
}

let provider: (() => Promise<Purifier>) | null = null;

/** Called once by the entry point: the server hands sanitize-html, the browser lazily imports DOMPurify. */
export function setPurifierProvider(get: () => Promise<Purifier>): void {
  provider = get;
}

export async function sanitizeRichText(value: string | null | undefined): Promise<SanitizedRichText> {
  let purifier: Purifier | null = null;
  try {
    purifier = provider ? await provider() : null;
  } catch {
    purifier = null;
  }
  return sanitizeWith(purifier, value);
}
