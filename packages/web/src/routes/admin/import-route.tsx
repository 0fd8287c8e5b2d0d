// /admin/import: the seller uploads a catalogue file (products, prices with tiers, inventory or categories; CSV or
// JSON). The server answers at once with a queued job and imports it in the background; this page follows the
// job (`?job=<id>`) by reloading it every half second while it runs: a progress bar and "N of M rows", then the
// summary, and for a refused file every bad row with a button to apply the good ones. Past imports are a table;
// each kind of the catalogue can be exported as a download.

import {
  CATALOGUE_FILE_KINDS,
  type ImportJob,
  type ImportJobDetail,
  importJobPercent,
  importJobRunning,
  type TablePage,
} from '@store/core';
import { workspaceExportPath } from '@store/client/workspace';
import { useEffect } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { ImportSummary, ImportProgressBar } from './ImportJobView.tsx';
import { pageOf, PlainHead } from './server-table.tsx';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { Pager, SelectField } from './workspace-ui.tsx';

const BASE = '/admin/import';
/** How often a running job is read again. */
const POLL_MS = 500;
const KIND_LABELS = { products: 'Products', prices: 'Prices', inventory: 'Inventory', categories: 'Categories' };

interface ImportData {
  table: TablePage<ImportJob>;
  job: ImportJobDetail | null;
  webstoreId: string;
}

interface ImportResult {
  formError?: string;
}

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');
const n = (x: number | undefined) => (x === undefined ? '—' : x.toLocaleString('en-US'));

/** Reads the job again while it runs, until it is done, refused or failed. */
function usePolling(job: ImportJobDetail | null) {
  const { state, revalidate } = useRevalidator();
  const running = !!job && importJobRunning(job);
  // Runs again each time a reload ends (state back to idle), so the next one is scheduled from there.
  useEffect(() => {
    if (!running || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);
}

function ImportPage() {
  const { table, job, webstoreId } = useLoaderData() as ImportData;
  const result = useActionData() as ImportResult | undefined;
  const busy = useNavigation().state === 'submitting';
  usePolling(job);
  return (
    <section aria-labelledby="import-title" className="workspace__edit">
      <h1 id="import-title">Import</h1>
      <FormAlert id="import-error" message={result?.formError} />
      <Form method="post" encType="multipart/form-data" className="form" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title">Upload a file</h2>
        <div className="field">
          <label htmlFor="import-file" className="field__label">
            Catalogue file (CSV or JSON)
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,.json,text/csv,application/json" required />
        </div>
        <SelectField
          id="import-kind"
          name="kind"
          label="What the file holds"
          defaultValue=""
          options={[
            ['', 'Tell from its columns'],
            ...CATALOGUE_FILE_KINDS.map((k): [string, string] => [k, KIND_LABELS[k]]),
          ]}
        />
        <button
          type="submit"
          name="intent"
          value="upload"
          className="btn btn--primary"
          aria-disabled={busy || undefined}
        >
          Start import
        </button>
      </Form>

      {job ? (
        <section aria-labelledby="import-job-title" className="workspace__book">
          <h2 id="import-job-title">
            {job.fileName}
            {job.applyGoodRows ? ': the good rows' : ''}
          </h2>
          {importJobRunning(job) ? <ImportProgressBar job={job} percent={importJobPercent(job)} /> : null}
          <ImportSummary job={job} />
          {job.mayApplyGoodRows ? (
            <Form method="post">
              <input type="hidden" name="jobId" value={job.id} />
              <button
                type="submit"
                name="intent"
                value="apply"
                className="btn btn--secondary"
                aria-disabled={busy || undefined}
              >
                Apply the good rows
              </button>
            </Form>
          ) : null}
          {job.appliedByJobId ? (
            <p>
              <Link to={`${BASE}?job=${job.appliedByJobId}`}>See the import of its good rows</Link>
            </p>
          ) : null}
          {job.problems.length ? (
            <table className="orders__table workspace__table" aria-label="Refused rows">
              <PlainHead columns={[{ label: 'Row', numeric: true }, 'Column', 'Reason']} />
              <tbody>
                {job.problems.map((p) => (
                  <tr key={`${p.row}-${p.column}-${p.reason}`}>
                    <td className="num">{p.row}</td>
                    <td>{p.column || '—'}</td>
                    <td>{p.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="import-past-title">
        <h2 id="import-past-title">Past imports</h2>
        <table className="orders__table workspace__table" aria-label="Past imports">
          <PlainHead
            columns={[
              'File',
              'Kind',
              'Status',
              'Started',
              'By',
              { label: 'Created', numeric: true },
              { label: 'Updated', numeric: true },
              { label: 'Unchanged', numeric: true },
              { label: 'Refused', numeric: true },
            ]}
          />
          <tbody>
            {table.items.map((j) => (
              <tr key={j.id}>
                <td>
                  <Link to={`${BASE}?job=${j.id}`}>{j.fileName}</Link>
                  {j.applyGoodRows ? ' (good rows)' : ''}
                </td>
                <td>{j.kind ?? '—'}</td>
                <td>{j.status}</td>
                <td>{utc(j.createdAt)}</td>
                <td>{j.startedBy.email}</td>
                <td className="num">{n(j.counts?.created)}</td>
                <td className="num">{n(j.counts?.updated)}</td>
                <td className="num">{n(j.counts?.unchanged)}</td>
                <td className="num">{n(j.counts?.refused)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={table.page} pageCount={table.pageCount} href={(page) => `${BASE}?page=${page}`} />
      </section>

      <section aria-labelledby="import-export-title">
        <h2 id="import-export-title">Export</h2>
        <ul className="workspace__codes">
          {CATALOGUE_FILE_KINDS.map((kind) => (
            <li key={kind}>
              {KIND_LABELS[kind]}:{' '}
              <a href={workspaceExportPath(webstoreId, kind, 'csv')} download>
                CSV
              </a>
              {' · '}
              <a href={workspaceExportPath(webstoreId, kind, 'json')} download>
                JSON
              </a>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

export function importRoute(getApi: () => StoreApi) {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<ImportData> => {
      const url = new URL(request.url);
      const w = workspaceOf(getApi);
      const jobId = url.searchParams.get('job');
      const [table, job] = await Promise.all([
        loaded(w.importJobs({ page: pageOf(url), pageSize: 10 }, { signal: request.signal })),
        jobId ? loaded(w.importJob(jobId, { signal: request.signal })) : Promise.resolve(null),
      ]);
      return { table, job, webstoreId: getApi().connection.webstoreId };
    },
    action: async ({ request }: ActionFunctionArgs): Promise<ImportResult | Response> => {
      const form = await request.formData();
      const w = workspaceOf(getApi);
      try {
        if (form.get('intent') === 'apply') {
          const applying = await w.applyGoodRows(String(form.get('jobId') ?? ''));
          return redirect(`${BASE}?job=${applying.id}`);
        }
        const file = form.get('file');
        if (!(file instanceof File) || !file.name) return { formError: 'Choose a file to import.' };
        if (!file.size) return { formError: `${file.name} is empty.` };
        const kind = CATALOGUE_FILE_KINDS.find((k) => k === form.get('kind'));
        const job = await w.uploadCatalogue(file, { fileName: file.name, kind });
        return redirect(`${BASE}?job=${job.id}`);
      } catch (error) {
        return { formError: errorMessage(error) };
      }
    },
    Component: ImportPage,
    handle: workspaceHead(() => 'Import'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
