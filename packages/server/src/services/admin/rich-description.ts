// The rich description is sanitised when the workspace writes it (issue 15), so the stored column holds only
// core's allow-list (rich-description-policy.ts: paragraphs, lists, emphasis, links with safe schemes, h2–h4,
// plain tables). DOMPurify over a jsdom window, the pair the storefront's server render already uses. Every
// link gets rel="noopener" (and no target survives the list).
// jsdom is loaded on the first write that needs it, not when the server starts: it is about 90 MiB of RSS that a
// process answering shoppers never uses (issue 20's memory budget).
import { createRequire } from 'node:module';
import type createDOMPurifyType from 'dompurify';
import { RICH_DESCRIPTION_PURIFY_CONFIG } from '@store/core';

type Purifier = ReturnType<typeof createDOMPurifyType>;
let purifier: Purifier | null = null;

/** A DOMPurify over its own jsdom window, with a hook run on every element after its attributes are cleaned. */
export function jsdomPurifier(afterAttributes: (node: Element) => void): Purifier {
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const createDOMPurify = require('dompurify') as typeof createDOMPurifyType;
  const { window } = new JSDOM('');
  const made = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('afterSanitizeAttributes', afterAttributes);
  return made;
}

function instance(): Purifier {
  purifier ??= jsdomPurifier((node) => {
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener');
  });
  return purifier;
}

/** The HTML as it is stored: only the allowed markup; null when nothing but whitespace is left. */
export function sanitiseRichDescription(html: string): string | null {
  const clean = instance().sanitize(html, { ...RICH_DESCRIPTION_PURIFY_CONFIG }) as unknown as string;
  return clean.trim() ? clean.trim() : null;
}
