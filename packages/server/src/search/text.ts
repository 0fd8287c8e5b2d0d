// How text becomes index terms: lower case, accents folded, split into words, stop words dropped,
// then Porter-stemmed, so "Dentists" and "dentist" meet and "restaurants in texas" asks for two words.
import { stemmer } from 'stemmer';

/** Words that carry no meaning in a dataset query ("restaurants in texas with email"). "us" is kept: it is a country. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'within',
  'all',
  'list',
  'lists',
  'data',
  'dataset',
  'datasets',
]);

export interface Token {
  /** The word as written (lower case, accents folded). */
  surface: string;
  /** Its index term. */
  stem: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Catalogue vocabularies are small next to their text, so stems are remembered (bounded). */
const stems = new Map<string, string>();

export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = /^\p{N}/u.test(word) ? word : stemmer(word);
    if (stems.size > 200_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The words of a text, stop words kept (suggestions complete what is typed). */
export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** The index terms of a text. A SKU such as "DS-00042" also yields the joined term "ds00042". */
export function analyze(text: string | null | undefined, keepStopWords = false): Token[] {
  if (!text) return [];
  const out: Token[] = [];
  for (const w of words(text)) {
    if (!keepStopWords && STOP_WORDS.has(w)) continue;
    out.push({ surface: w, stem: stem(w) });
  }
  return out;
}

/** "DS-00042" → "ds00042": the one term a SKU is found by. */
export function skuTerm(sku: string): string {
  return words(sku).join('');
}
