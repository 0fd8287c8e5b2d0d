// The workspace's catalogue files (issue 15): upload a file (it is imported in the background), follow its
// job, apply a refused file's good rows, and the export's download address.
import type {
  CatalogueFileFormat,
  CatalogueFileKind,
  ImportJob,
  ImportJobDetail,
  ImportJobQuery,
  TablePage,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface UploadOptions {
  /** Shown in the table of imports and the audit log. */
  fileName: string;
  /** Else the server tells it from the file's columns. */
  kind?: CatalogueFileKind;
}

export interface WorkspaceImportCalls {
  /** Sends the file as the body: JSON for a `.json` name, else CSV. Answers the queued job (202). */
  uploadCatalogue(file: Blob | string, options: UploadOptions, o?: CallOptions): Promise<ImportJob>;
  importJobs(query: ImportJobQuery, o?: CallOptions): Promise<TablePage<ImportJob>>;
  importJob(jobId: string, o?: CallOptions): Promise<ImportJobDetail>;
  applyGoodRows(jobId: string, o?: CallOptions): Promise<ImportJob>;
}

/** The format a file is sent as, from its name. */
export const uploadFormatOf = (fileName: string): CatalogueFileFormat =>
  fileName.toLowerCase().endsWith('.json') ? 'json' : 'csv';

/** The export's address (a plain link: the browser downloads it with the session's cookie). */
export function workspaceExportPath(webstoreId: string, kind: CatalogueFileKind, format: CatalogueFileFormat): string {
  return `/services/admin/webstores/${encodeURIComponent(webstoreId)}/export?kind=${kind}&format=${format}`;
}

export function workspaceImportCalls(call: WorkspaceCall): WorkspaceImportCalls {
  const job = (id: string) => `import-jobs/${encodeURIComponent(requireId(id, 'jobId'))}`;
  return {
    uploadCatalogue: (file, { fileName, kind }, o = {}) =>
      call('POST', 'import-jobs', o, {
        query: { fileName, ...(kind ? { kind } : {}) },
        rawBody: file,
        headers: { 'Content-Type': uploadFormatOf(fileName) === 'json' ? 'application/json' : 'text/csv' },
      }),
    importJobs: (query, o = {}) => call('GET', 'import-jobs', o, { query: { ...query } }),
    importJob: (id, o = {}) => call('GET', job(id), o),
    applyGoodRows: (id, o = {}) => call('POST', `${job(id)}/actions/apply-good-rows`, o),
  };
}
