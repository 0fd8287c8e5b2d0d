// The rich description is sanitised when the workspace writes it (issue 15), so the stored column holds only
// core's allow-list (rich-description-policy.ts: paragraphs, lists, emphasis, links with safe schemes, h2–h4,
// plain tables). DOMPurify over a jsdom window, the pair the storefront's server render already uses. Every
// link gets rel="noopener" (and no target survives the list).
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import { RICH_DESCRIPTION_PURIFY_CONFIG } from '@store/core';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | null = null;

function instance(): Purifier {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const made = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') node.setAttribute('rel', 'noopener');
  });
  purifier = made;
  return made;
}

/** The HTML as it is stored: only the allowed markup; null when nothing but whitespace is left. */
export function sanitiseRichDescription(html: string): string | null {
  const clean = instance().sanitize(html, { ...RICH_DESCRIPTION_PURIFY_CONFIG }) as unknown as string;
  return clean.trim() ? clean.trim() : null;
}
