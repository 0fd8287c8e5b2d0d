// Characters free text may not carry (names, addresses, company names, notes, search terms, coupon
// codes…): control characters, which no keyboard types and which break CSV exports, mail headers and
// logs; and the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069),
// which reorder how the text around them is shown ("Trojan Source"), so a name or a note could show an
// order reference or a sum other than the one stored. The left-to-right and right-to-left marks (U+200E,
// U+200F, U+061C) stay: they steer only neutral characters next to them, and right-to-left writers use them.
// Text that carries them is refused (not silently cleaned), so what the store keeps is what was sent.

/** Control characters (C0, DEL, C1) but tab, line feed and carriage return; the bidi embeddings, overrides and isolates. */
const UNSAFE_MULTILINE = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** The same, and no tabs or line breaks either (nor the Unicode line and paragraph separators): a single-line field. */
const UNSAFE_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

/** Whether the text carries a character free text may not (multiline text may hold tabs and line breaks). */
export function hasUnsafeTextCharacters(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? UNSAFE_MULTILINE : UNSAFE_LINE).test(value);
}

/** The message for such text. */
export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters or text-direction override characters';
