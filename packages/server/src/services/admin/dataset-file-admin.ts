// A dataset's file in the workspace (issue 19): the seller uploads the full CSV, it is stored as it arrives
// (../dataset-files/file-store.ts, never whole in memory) and processed in the background of the process that took it, with
// its progress and a heartbeat on the version's row so any process answers how far it is. A version whose
// heartbeat stopped (its process died) is reported failed by the next reader, as catalogue imports are. When a
// version becomes ready the product's record count is the file's, and the change is an audited catalogue change
// (the catalogue version bump makes every process's cached answers and search index follow at once).
import type { Kysely } from 'kysely';
import type { DatasetFileVersion, DatasetFileStatus } from '@store/core';
import type { Database, DatasetFileTable } from '../../db/schema.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import type { CatalogueChanges } from './catalogue-change.ts';
import type { Actor } from './workspace-access.ts';
import { HEARTBEAT_EVERY_MS, STALE_AFTER_MS } from './import-jobs/import-runner.ts';
import { DatasetFileError, processDatasetFile, storeDatasetFile } from '../dataset-files/file-store.ts';
import { datasetFileProcessors } from '../dataset-files/processors.ts';

/** Records between two looks at the clock while processing (progress is written every PROGRESS_EVERY_MS). */
const RECORDS_PER_STEP = 1_000;
const PROGRESS_EVERY_MS = 2_000;
/** Files up to this size are processed before the upload is answered (still 202, with the settled version). */
const INLINE_BYTES = 256 * 1024;

const STOPPED = `The server processing this file stopped answering (no sign of life for ${STALE_AFTER_MS / 1000} s). Upload the file again.`;

/** Classes that deliver other products' files (or none of their own): they take no file. */
const NO_FILE_CLASSES = new Set(['VariationParent', 'Set', 'Bundle']);

const now = () => new Date().toISOString();

export const datasetFileVersionOf = (r: DatasetFileTable): DatasetFileVersion => ({
  id: r.id,
  productId: r.product_id,
  version: r.version,
  status: r.status as DatasetFileStatus,
  fileName: r.file_name,
  bytes: Number(r.byte_size),
  records: r.row_count === null ? null : Number(r.row_count),
  columns: JSON.parse(r.columns_json) as string[],
  recordsDone: Number(r.rows_done),
  error: r.error,
  uploadedAt: r.uploaded_at,
  readyAt: r.ready_at,
});

export interface DatasetFileUpload {
  fileName: string;
  /** The body as it arrives. */
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
}

export class DatasetFileAdmin {
  private running = new Set<Promise<void>>();

  constructor(
    private db: Kysely<Database>,
    private changes: CatalogueChanges,
  ) {}

  /** Stores the file as it arrives, then processes it in the background; answers the new version (processing). */
  async upload(
    webstoreId: string,
    actor: Actor,
    productId: string,
    upload: DatasetFileUpload,
  ): Promise<DatasetFileVersion> {
    const id = checkedId(productId, KEY_PREFIX.product);
    await this.fileProduct(webstoreId, id);
    const beat = new Heartbeat(this.db);
    let stored: DatasetFileTable;
    try {
      stored = await storeDatasetFile(this.db, {
        webstoreId,
        productId: id,
        fileName: upload.fileName,
        uploadedBy: actor.userId,
        source: upload.source,
        onCreated: (row) => beat.start(row.id),
        // The bytes stored so far are the upload's progress while it is still arriving.
        onBytes: (bytes, fileId) =>
          this.db
            .updateTable('dataset_file')
            .set({ byte_size: bytes })
            .where('id', '=', fileId)
            .execute()
            .then(() => {}),
      });
    } catch (e) {
      beat.stop();
      if (isDuplicateVersion(e))
        throw new ApiError(409, 'CONFLICT', 'Another upload of this dataset started at the same moment; try again.');
      throw e;
    }
    const processing = this.process(webstoreId, actor, stored, beat);
    this.track(processing);
    if (Number(stored.byte_size) > INLINE_BYTES) return datasetFileVersionOf(stored);
    // A small file is read in milliseconds: the answer already says ready or failed, and no change lands after it.
    await processing;
    const row = await this.db.selectFrom('dataset_file').selectAll().where('id', '=', stored.id).executeTakeFirst();
    return datasetFileVersionOf(row ?? stored);
  }

  /** The product's versions, newest first; a version whose process stopped is reported failed. */
  async list(webstoreId: string, productId: string): Promise<DatasetFileVersion[]> {
    const id = checkedId(productId, KEY_PREFIX.product);
    await this.product(webstoreId, id);
    await this.db
      .updateTable('dataset_file')
      .set({ status: 'failed', error: STOPPED })
      .where('product_id', '=', id)
      .where('status', '=', 'processing')
      .where('heartbeat_at', '<', new Date(Date.now() - STALE_AFTER_MS).toISOString())
      .execute();
    const rows = await this.db
      .selectFrom('dataset_file')
      .selectAll()
      .where('product_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
    return rows.map(datasetFileVersionOf);
  }

  /** Waits for the files being processed here (the server is closing; tests wait for the background). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private track(task: Promise<void>): void {
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  private async process(webstoreId: string, actor: Actor, file: DatasetFileTable, beat: Heartbeat): Promise<void> {
    const before = await this.product(webstoreId, file.product_id);
    let written = Date.now();
    try {
      const done = await processDatasetFile(this.db, file.id, {
        processors: datasetFileProcessors(),
        progressEvery: RECORDS_PER_STEP,
        onRecords: async (records) => {
          if (Date.now() - written < PROGRESS_EVERY_MS) return;
          written = Date.now();
          await this.db
            .updateTable('dataset_file')
            .set({ rows_done: records, heartbeat_at: now() })
            .where('id', '=', file.id)
            .execute();
        },
      });
      beat.stop();
      await this.record(webstoreId, actor, before, file, { status: 'ready', records: done.row_count }, [
        file.product_id,
      ]);
    } catch (e) {
      beat.stop();
      const error = e instanceof DatasetFileError ? e.message : 'The file could not be processed.';
      if (!(e instanceof DatasetFileError)) console.error('dataset file processing', file.id, e);
      await this.record(webstoreId, actor, before, file, { status: 'failed', error }, []).catch(() => {});
    }
  }

  /** The audit entry of an upload's outcome, with the catalogue version bump when the live file changed. */
  private record(
    webstoreId: string,
    actor: Actor,
    product: ProductRow,
    file: DatasetFileTable,
    outcome: Record<string, unknown>,
    productIds: string[],
  ) {
    return this.changes.run(webstoreId, actor, async () => ({
      result: undefined,
      change: {
        action: 'uploadDatasetFile',
        recordType: 'Product',
        recordId: product.id,
        recordLabel: `${product.sku} ${product.name}`,
        before: { recordCount: product.record_count },
        after: { fileVersion: file.version, fileName: file.file_name, bytes: Number(file.byte_size), ...outcome },
      },
      productIds,
    }));
  }

  private async product(webstoreId: string, id: string): Promise<ProductRow> {
    const p = await this.db
      .selectFrom('product')
      .select(['id', 'sku', 'name', 'fulfilment', 'product_class', 'record_count'])
      .where('id', '=', id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!p) throw notFound(`The product ${id} doesn't exist.`);
    return p;
  }

  /** A product that takes a file of its own: a dataset, not a variation parent, set or bundle. */
  private async fileProduct(webstoreId: string, id: string): Promise<ProductRow> {
    const p = await this.product(webstoreId, id);
    if (p.fulfilment !== 'Dataset')
      throw badInput(`${p.sku} isn't a dataset (its fulfilment is ${p.fulfilment}): only a dataset takes a file.`);
    if (NO_FILE_CLASSES.has(p.product_class))
      throw badInput(
        `${p.sku} is a ${p.product_class}: it delivers its ${p.product_class === 'VariationParent' ? 'variations' : 'components'}' files, so it takes none of its own.`,
      );
    return p;
  }
}

interface ProductRow {
  id: string;
  sku: string;
  name: string;
  fulfilment: string;
  product_class: string;
  record_count: number | null;
}

/** Writes a version's heartbeat every few seconds while this process stores or processes it. */
class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  constructor(private db: Kysely<Database>) {}
  start(fileId: string): void {
    this.timer = setInterval(
      () =>
        void this.db
          .updateTable('dataset_file')
          .set({ heartbeat_at: now() })
          .where('id', '=', fileId)
          .where('status', '=', 'processing')
          .execute()
          .catch(() => {}),
      HEARTBEAT_EVERY_MS,
    );
    this.timer.unref();
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const isDuplicateVersion = (e: unknown) => /unique|duplicate key/i.test((e as Error)?.message ?? '');
