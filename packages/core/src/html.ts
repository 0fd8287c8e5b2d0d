// One escaper for text put into HTML (and SVG/XML): the server's emails, the demo copy, the product
// images and the storefront's <head> all use it, so they agree on what is safe.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text to HTML text or attribute value (quoted with either quote); the five significant characters only. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);
}
