// Synonyms the seller configures: groups of words or phrases that mean the same ("usa", "united
// states", "us"). They are applied when a query is read, never at indexing, so an edit takes effect on
// the next query without re-indexing the catalogue.
import { analyze } from './text.ts';

export interface Phrase {
  stems: string[];
}

export class Synonyms {
  private byFirst = new Map<string, Array<{ phrase: Phrase; group: Phrase[] }>>();

  constructor(groups: readonly (readonly string[])[]) {
    for (const terms of groups) {
      const group = terms.map((t) => ({ stems: analyze(t).map((x) => x.stem) })).filter((p) => p.stems.length);
      if (group.length < 2) continue;
      for (const phrase of group) {
        const list = this.byFirst.get(phrase.stems[0]!) ?? [];
        list.push({ phrase, group });
        this.byFirst.set(phrase.stems[0]!, list);
      }
    }
    // Longest phrases first, so "united states" wins over "united".
    for (const list of this.byFirst.values()) list.sort((a, b) => b.phrase.stems.length - a.phrase.stems.length);
  }

  /** The synonym group of the phrase starting at stems[i], and how many stems it covers. */
  match(stems: readonly string[], i: number): { length: number; group: Phrase[] } | null {
    for (const { phrase, group } of this.byFirst.get(stems[i]!) ?? []) {
      if (phrase.stems.every((s, k) => stems[i + k] === s)) return { length: phrase.stems.length, group };
    }
    return null;
  }
}
