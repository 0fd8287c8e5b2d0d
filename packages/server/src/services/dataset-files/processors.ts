// The processors every dataset file goes through when it is stored (./file-store.ts processDatasetFile): one
// place that says what is derived from a seller's file. Issue 19: the data dictionary (fill rates, examples)
// and the count index are added here.
import type { DatasetFileProcessor } from './file-store.ts';

export function datasetFileProcessors(): DatasetFileProcessor[] {
  return [];
}
