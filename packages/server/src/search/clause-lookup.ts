// A clause's score for one document, found by binary search in its postings rather than by walking them. When
// every word of a search must match and one is rare ("restaurants in texas with email": 678 restaurants, 55,000
// documents with "email" at 100,000 products), the engine takes the rare word's documents and looks each up in
// the other words' postings: a few thousand searches instead of a walk over tens of thousands of postings.
// The scores are the same numbers the walk makes (engine.ts match): the same products, in the same order.

/** One posting list of an alternative with the factor its weights are multiplied by (idf × the alternative's). */
export interface WeightedList {
  docs: Int32Array;
  weights: Float32Array;
  w: number;
}

/** One alternative of a clause: one list for a word, several for a phrase (all must hold the document). */
export type ResolvedAlternative = WeightedList[];

/** Where `doc` is in a sorted list of documents, or -1. */
export function indexOf(docs: Int32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const d = docs[mid]!;
    if (d === doc) return mid;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The clause's score for `doc`: its best alternative's, a phrase's being the sum of its words' in their order
 * (as the walk adds them); -1 when no alternative holds the document.
 */
export function clauseScore(alternatives: readonly ResolvedAlternative[], doc: number): number {
  let best = -1;
  for (const lists of alternatives) {
    let score = 0;
    let found = true;
    for (const l of lists) {
      const at = indexOf(l.docs, doc);
      if (at < 0) {
        found = false;
        break;
      }
      score += l.weights[at]! * l.w;
    }
    if (found && score > best) best = score;
  }
  return best;
}

/** How many postings the clause's walk visits (every list of every alternative). */
export const walkCost = (alternatives: readonly ResolvedAlternative[]): number =>
  alternatives.reduce((n, lists) => n + lists.reduce((m, l) => m + l.docs.length, 0), 0);

/** How many lists a document of the rare clause is looked up in (every list of the other clauses). */
export const listCount = (alternatives: readonly ResolvedAlternative[]): number =>
  alternatives.reduce((n, lists) => n + lists.length, 0);
