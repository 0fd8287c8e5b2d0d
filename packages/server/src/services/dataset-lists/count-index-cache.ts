// A process's loaded count indexes and answers (issue 19). A process loads a file version's index on first use
// (dataset-files/count-index-store.ts) and keeps it in an LRU bounded by bytes; it keeps its answers per (file
// version, canonical selection) too. A file version never changes, so neither cache is ever stale (a new version
// is a new file id), and a process that has neither answers the same as one that has both.
import { canonicalListSelection, type ListSelection } from '@store/core';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, DatasetFileTable } from '../../db/schema.ts';
import type { CountIndex, IndexCounts } from '../dataset-files/count-index.ts';
import { loadCountIndex } from '../dataset-files/count-index-store.ts';

/**
 * Memory a process gives to loaded indexes: 256 MiB. An index of 1,000,000 demo records is about 8 MiB of codes
 * plus up to 36 MiB of postings (4 bytes a record per filter, built on use), so this holds about 5 such indexes,
 * or every demo dataset's (a hundredth of that each). Least recently used indexes are dropped first; a dropped
 * one is read back from the database (about a third of a second for a million records).
 */
export const INDEX_CACHE_BYTES = 256 * 1024 * 1024;
/** Answers kept per process (a count with its facets is a few kilobytes at most). */
export const ANSWER_CACHE_ENTRIES = 5_000;

/** One process's loaded indexes and answers. */
export class CountIndexCache {
  private indexes = new LRUCache<string, CountIndex>({
    maxSize: INDEX_CACHE_BYTES,
    sizeCalculation: (index) => Math.max(1, index.bytes),
  });
  private loading = new Map<string, Promise<CountIndex>>();
  private answers = new LRUCache<string, IndexCounts>({ max: ANSWER_CACHE_ENTRIES });

  constructor(private db: Kysely<Database>) {}

  /** The file's index, loaded once however many requests ask for it at the same time. */
  async index(file: Pick<DatasetFileTable, 'id'>): Promise<CountIndex> {
    const cached = this.indexes.get(file.id);
    if (cached) return cached;
    let pending = this.loading.get(file.id);
    if (!pending) {
      pending = loadCountIndex(this.db, file.id).finally(() => this.loading.delete(file.id));
      this.loading.set(file.id, pending);
      const index = await pending;
      this.indexes.set(file.id, index);
      return index;
    }
    return pending;
  }

  async counts(file: Pick<DatasetFileTable, 'id'>, selection: ListSelection): Promise<IndexCounts> {
    const key = `${file.id}?${canonicalListSelection(selection)}`;
    const cached = this.answers.get(key);
    if (cached) return cached;
    const counts = (await this.index(file)).count(selection);
    this.answers.set(key, counts);
    return counts;
  }
}
