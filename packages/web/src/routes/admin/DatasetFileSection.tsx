// A dataset's file on the product page of the workspace (issue 19): choose a CSV and upload it, with the bytes
// sent shown as they go (an XMLHttpRequest: fetch reports no upload progress), then the server's processing
// (the versions are polled every second while one is processing), and the table of versions with the live one
// marked. The live version is the newest ready one; a failed version says why and changes nothing.
import type { AdminProduct, DatasetFileVersion } from '@store/core';
import { DATASET_FILE_MAX_BYTES } from '@store/core';
import { createWorkspaceClient, uploadDatasetFile } from '@store/client/workspace';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useStoreApi } from '../../lib/api-context.tsx';
import { FormAlert } from '../../components/ui/FormAlert.tsx';

const POLL_MS = 1_000;
const NO_FILE_CLASSES = ['VariationParent', 'Set', 'Bundle'];

const bytes = (n: number) =>
  n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} bytes`;
const count = (n: number) => n.toLocaleString('en-US');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '');

/** Whether the product takes a file of its own (the server has the last word). */
export const takesDatasetFile = (p: AdminProduct) =>
  p.fulfilment === 'Dataset' && !NO_FILE_CLASSES.includes(p.productClass);

export function DatasetFileSection({ product }: { product: AdminProduct }) {
  const api = useStoreApi();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [versions, setVersions] = useState<DatasetFileVersion[] | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const load = useCallback(async () => {
    if (!api) return;
    try {
      setVersions(await createWorkspaceClient(api.connection).datasetFileVersions(product.id));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [api, product.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const processing = versions?.find((v) => v.status === 'processing');
  useEffect(() => {
    if (!processing) return;
    const t = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(t);
  }, [processing, load]);

  const live = versions?.find((v) => v.status === 'ready');
  const latest = versions?.[0];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    setError(null);
    if (!file) return setError('Choose a CSV file to upload.');
    if (file.size > DATASET_FILE_MAX_BYTES) return setError('The file is larger than 2 GB.');
    if (!api) return;
    setUploading(true);
    setSent({ sent: 0, total: file.size });
    try {
      await uploadDatasetFile({
        baseUrl: api.connection.baseUrl,
        webstoreId: api.connection.webstoreId,
        productId: product.id,
        file,
        fileName: file.name,
        onProgress: (s, total) => setSent({ sent: s, total }),
      });
      if (fileRef.current) fileRef.current.value = '';
      await load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <section aria-labelledby="dataset-file-title">
      <h2 id="dataset-file-title">Dataset file</h2>
      <p>
        The full list buyers download, as a CSV file with a header row (UTF-8, up to 2 GB). The sample, the record count
        and every download come from the live version: the newest one that is ready.
      </p>
      <FormAlert id="dataset-file-error" message={error} />
      <form className="form" onSubmit={submit} aria-label="Upload a dataset file" noValidate>
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            CSV file
          </label>
          <input id={inputId} ref={fileRef} type="file" accept=".csv,text/csv" className="field__input" />
        </div>
        <button type="submit" className="button" disabled={uploading}>
          Upload file
        </button>
      </form>
      <div role="status" aria-live="polite" className="dataset-file__status">
        {uploading && sent ? (
          <p>
            <progress value={sent.sent} max={sent.total || 1} aria-label="Upload progress" /> Sent {bytes(sent.sent)} of{' '}
            {bytes(sent.total)}
          </p>
        ) : processing ? (
          <p>
            <progress aria-label="Processing progress" /> Version {processing.version} is processing:{' '}
            {count(processing.recordsDone)} records read
          </p>
        ) : latest && !uploading && sent ? (
          <p>
            Version {latest.version} is {latest.status}
            {latest.status === 'ready' ? `: ${count(latest.records ?? 0)} records` : `: ${latest.error ?? ''}`}
          </p>
        ) : null}
      </div>
      {versions?.length ? (
        <table className="orders__table workspace__table">
          <caption>File versions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">File</th>
              <th scope="col">Size</th>
              <th scope="col">Records</th>
              <th scope="col">Status</th>
              <th scope="col">Uploaded</th>
              <th scope="col">Ready</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id}>
                <th scope="row">
                  {v.version}
                  {v === live ? <strong> (live)</strong> : null}
                </th>
                <td>{v.fileName}</td>
                <td>{bytes(v.bytes)}</td>
                <td>{v.records === null ? count(v.recordsDone) : count(v.records)}</td>
                <td>{v.status === 'failed' ? `failed: ${v.error ?? ''}` : v.status}</td>
                <td>{when(v.uploadedAt)}</td>
                <td>{when(v.readyAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : versions ? (
        <p>No file yet: the dataset has no sample and cannot be downloaded until one is ready.</p>
      ) : null}
    </section>
  );
}
