// Rich-text sanitising (spec 03 §5, "Generic library rules"): DOMPurify with a fixed list of
// tags and attributes and the URL schemes ftp, ftps, http, https, mailto, tel, callto, cid, xmpp,
// ciscotel and navision. When sanitising fails, the raw text is shown as plain text. Embedded frames
// stay only when they load a known video player over https or a page of this site (core
// isAllowedFrameSrc, the same list the page's CSP frame-src names); every other iframe is removed.
//
// DOMPurify needs a DOM. The browser has one; the server passes a jsdom-backed instance
// (./purify-server.ts). Whoever starts the app registers how to get one (setPurifierProvider).

import { isAllowedFrameSrc, RICH_TEXT_ALLOWED_ATTR, RICH_TEXT_ALLOWED_TAGS, RICH_TEXT_URI_REGEXP } from '@store/core';

export interface Purifier {
  sanitize(dirty: string, config: Record<string, unknown>): unknown;
  addHook?(name: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
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

const hooked = new WeakSet<object>();

/**
 * Links that open a new window must not hand the opener to the target. An iframe whose src (after the URL
 * rules above) is not an allowed frame source is removed whole; the kept ones load lazily.
 */
function ensureHooks(purifier: Purifier): void {
  if (hooked.has(purifier) || !purifier.addHook) return;
  hooked.add(purifier);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IFRAME') {
      // Same-site frames are written as paths: the server render knows no origin, and both sides must agree.
      if (!isAllowedFrameSrc(node.getAttribute('src'))) node.remove();
      else node.setAttribute('loading', 'lazy');
    }
  });
}

/** Synchronous sanitising with a given DOMPurify instance; never throws. */
export function sanitizeWith(
  purifier: Purifier | null | undefined,
  value: string | null | undefined,
): SanitizedRichText {
  const raw = value ?? '';
  if (!raw.trim()) return { kind: 'text', text: '' };
  try {
    if (!purifier) throw new Error('no sanitiser');
    // Without hooks the iframe rule could not run: such a sanitiser fails, and the text shows as plain text.
    if (!purifier.addHook) throw new Error('sanitiser without hooks');
    ensureHooks(purifier);
    const html = purifier.sanitize(raw, RICH_TEXT_CONFIG);
    if (typeof html !== 'string') throw new Error('sanitiser returned no string');
    return { kind: 'html', html };
  } catch {
    return { kind: 'text', text: toPlainText(raw) };
  }
}

let provider: (() => Promise<Purifier>) | null = null;

/** Called once by the entry point: the server hands a jsdom-backed instance, the browser lazily imports DOMPurify. */
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
