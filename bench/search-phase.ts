// Search at a larger catalogue: seed (or reuse) the file, start a server of its own on it (the main
// one is stopped by then, so memory and cores are free), wait for its search index, load search and
// suggestions, stop it. Then a new process on the same file, once the first saved its index: the time
// from its start to its first search answer, its RSS, and the same load. Failures are recorded in the
// result rather than thrown.
import Database from 'better-sqlite3';
import { cacheBudgetTotal } from '../packages/server/src/services/cache-budgets.ts';
import { ensureDataset } from './dataset.ts';
import { runScenario, type LoadSettings } from './scenario.ts';
import { categoryIds, searchScenarios, serverRss, waitForIndex, type IndexInfo } from './search.ts';
import { startStoreServer } from './server.ts';
import type { PersistedStart, ScenarioResult, SearchSize } from './report.ts';
import type { Dataset } from './dataset.ts';

/** How long the benchmark waits for a server's search index (a million products take minutes). */
export const INDEX_TIMEOUT_MS = 15 * 60_000;

const log = (msg: string) => console.log(`[bench] ${msg}`);

export function describeIndex(index: IndexInfo): string {
  return `search index: ${index.documents.toLocaleString('en-US')} documents, built in ${(index.buildMs / 1000).toFixed(1)} s, ~${(index.memoryBytes / 2 ** 20).toFixed(0)} MiB added, server RSS ${(index.rssBytes / 2 ** 20).toFixed(0)} MiB`;
}

/** Runs the search scenarios on a running server whose index is ready. */
export async function measureSearch(
  api: string,
  origin: string,
  pid: number | undefined,
  dataset: Dataset,
  webstoreId: string,
  settings: LoadSettings,
): Promise<{ scenarios: ScenarioResult[]; rssAfterBytes?: number; ok: boolean }> {
  let ok = true;
  const scenarios: ScenarioResult[] = [];
  for (const s of searchScenarios(api, origin, pid, categoryIds(dataset.file, webstoreId))) {
    const r = await runScenario(s, settings);
    scenarios.push(r.entry);
    ok &&= r.ok;
  }
  return { scenarios, rssAfterBytes: await serverRss(origin), ok };
}

export async function searchAtSize(
  products: number,
  opts: { api: string; webstoreId: string; settings: LoadSettings; maxOldSpaceMb: number },
): Promise<{ size: SearchSize; ok: boolean }> {
  const size: SearchSize = { products, scenarios: [] };
  let server: Awaited<ReturnType<typeof startStoreServer>> | undefined;
  try {
    log(`search at ${products.toLocaleString('en-US')} products`);
    const dataset = await ensureDataset(products, false);
    size.dataset = dataset;
    server = await startStoreServer(dataset, {
      logName: `server-${products}.log`,
      nodeArgs: [`--max-old-space-size=${opts.maxOldSpaceMb}`],
      timeoutMs: INDEX_TIMEOUT_MS,
    });
    log(`waiting for the search index (up to ${INDEX_TIMEOUT_MS / 60_000} min)…`);
    size.index = await waitForIndex(server.origin, server.child, server.startedAt, INDEX_TIMEOUT_MS);
    log(describeIndex(size.index));
    const m = await measureSearch(
      opts.api,
      server.origin,
      server.child.proc.pid,
      dataset,
      opts.webstoreId,
      opts.settings,
    );
    size.scenarios = m.scenarios;
    size.rssAfterBytes = m.rssAfterBytes;
    await waitForSavedIndex(dataset.file, INDEX_TIMEOUT_MS);
    await server.child.stop();
    server = undefined;
    const second = await startFromSavedIndex(dataset, opts, products);
    size.persisted = second.persisted;
    return { size, ok: m.ok && second.ok };
  } catch (err) {
    size.error = (err as Error).message;
    console.error(`[bench] ✗ search at ${products.toLocaleString('en-US')} products: ${size.error}`);
    return { size, ok: false };
  } finally {
    await server?.child.stop();
  }
}

/** Waits until the server has saved its search index in the database (a ready segment). */
async function waitForSavedIndex(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("SELECT count(*) AS n FROM search_index_segment WHERE status = 'ready'").get() as {
        n: number;
      };
      if (row.n > 0) return;
    } catch {
      // the table is there once the server migrated; until then, wait
    } finally {
      db.close();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the search index was not saved within ${timeoutMs / 1000} s`);
}

/**
 * A new process on the same database after the first saved its index: polls a search from the moment it is
 * spawned until the first answer (the start-up the saved index is for), reads its RSS, then runs the load.
 */
async function startFromSavedIndex(
  dataset: Dataset,
  opts: { api: string; webstoreId: string; settings: LoadSettings; maxOldSpaceMb: number },
  products: number,
): Promise<{ persisted: PersistedStart; ok: boolean }> {
  const persisted: PersistedStart = { scenarios: [], cacheBudgetBytes: cacheBudgetTotal() };
  let server: Awaited<ReturnType<typeof startStoreServer>> | undefined;
  try {
    log(`a new process on the saved index (${products.toLocaleString('en-US')} products)`);
    server = await startStoreServer(dataset, {
      logName: `server-${products}-saved.log`,
      nodeArgs: [`--max-old-space-size=${opts.maxOldSpaceMb}`],
      timeoutMs: INDEX_TIMEOUT_MS,
    });
    const url = `${server.origin}${opts.api}/search/products?searchTerm=dentists&pageSize=20`;
    const deadline = server.startedAt + INDEX_TIMEOUT_MS;
    for (;;) {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
      if (res?.ok) {
        await res.arrayBuffer();
        break;
      }
      if (Date.now() > deadline) throw new Error(`no search answer within ${INDEX_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    persisted.firstAnswerSeconds = (Date.now() - server.startedAt) / 1000;
    persisted.index = await waitForIndex(server.origin, server.child, server.startedAt, INDEX_TIMEOUT_MS);
    persisted.rssBytes = persisted.index.rssBytes;
    log(
      `saved index: first search answer ${persisted.firstAnswerSeconds.toFixed(1)} s after start (${persisted.index.source ?? '?'}), RSS ${(persisted.rssBytes / 2 ** 20).toFixed(0)} MiB`,
    );
    const m = await measureSearch(
      opts.api,
      server.origin,
      server.child.proc.pid,
      dataset,
      opts.webstoreId,
      opts.settings,
    );
    persisted.scenarios = m.scenarios;
    persisted.rssAfterBytes = m.rssAfterBytes;
    return { persisted, ok: m.ok && persisted.index.source === 'loaded' };
  } catch (err) {
    persisted.error = (err as Error).message;
    console.error(`[bench] ✗ saved index at ${products.toLocaleString('en-US')} products: ${persisted.error}`);
    return { persisted, ok: false };
  } finally {
    await server?.child.stop();
  }
}
