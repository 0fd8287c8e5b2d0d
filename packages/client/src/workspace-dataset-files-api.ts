// A dataset's file in the workspace (issue 19): its versions (GET), and the upload of a new one with the bytes
// sent reported as they go. fetch reports no upload progress, so the upload is an XMLHttpRequest (browsers
// only): its `upload.onprogress` is what the page's progress bar shows. The body is the file itself (text/csv),
// which the server stores as it arrives.
import type { DatasetFileVersion } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { browserCsrfToken, CSRF_HEADER } from './csrf.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceDatasetFileCalls {
  /** The product's file versions, newest first (progress while one is processing). */
  datasetFileVersions(productId: string, o?: CallOptions): Promise<DatasetFileVersion[]>;
}

export function workspaceDatasetFileCalls(call: WorkspaceCall): WorkspaceDatasetFileCalls {
  return {
    datasetFileVersions: (id, o = {}) =>
      call('GET', `products/${encodeURIComponent(requireId(id, 'productId'))}/dataset-file`, o),
  };
}

export interface DatasetFileUpload {
  /** Origin of the API ('' or undefined: the page's own). */
  baseUrl?: string;
  webstoreId: string;
  productId: string;
  file: Blob;
  fileName: string;
  /** Bytes sent so far of the total, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
}

/** Sends the file; resolves to the new version (processing), rejects with the server's message. */
export function uploadDatasetFile(u: DatasetFileUpload): Promise<DatasetFileVersion> {
  const path =
    `${(u.baseUrl ?? '').replace(/\/+$/, '')}/services/admin/webstores/${encodeURIComponent(u.webstoreId)}` +
    `/products/${encodeURIComponent(requireId(u.productId, 'productId'))}/dataset-file` +
    `?fileName=${encodeURIComponent(u.fileName)}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', path);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = browserCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (e) => u.onProgress?.(e.loaded, e.lengthComputable ? e.total : u.file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 202) return resolve(body as DatasetFileVersion);
      const message = Array.isArray(body) ? (body[0] as { message?: string })?.message : undefined;
      reject(new Error(message ?? `The upload was refused (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload stopped: the connection to the store was lost.'));
    xhr.send(u.file);
  });
}
