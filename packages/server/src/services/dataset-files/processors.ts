// The processors every dataset file goes through when it is stored (./file-store.ts processDatasetFile): one
// place that says what is derived from a seller's file: the data dictionary (fill rates, masked examples) and
// the count index (issue 19).
import { countIndexProcessor } from './count-index-store.ts';
import { dataDictionaryProcessor } from './data-dictionary.ts';
import type { DatasetFileProcessor } from './file-store.ts';

export function datasetFileProcessors(): DatasetFileProcessor[] {
  return [dataDictionaryProcessor(), countIndexProcessor()];
}
