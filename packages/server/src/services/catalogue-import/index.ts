// The catalogue import/export engine's entry points, for the command line and the workspace upload:
// importCatalogue(db, stream, { webstoreId, kind?, format?, applyGoodRows?, onProgress?, totalBytes? })
// answers an ImportReport; exportCatalogue(db, { webstoreId, kind, format? }) yields the file's text.
export { exportCatalogue, type ExportOptions } from './export.ts';
export { importCatalogue, type ImportOptions, type ImportProgress } from './import.ts';
export type { ImportFormat } from './read-rows.ts';
export { CATALOGUE_KINDS, type CatalogueKind, type ImportReport, type RowProblem } from './report.ts';
