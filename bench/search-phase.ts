// Search at a larger catalogue: seed (or reuse) the file, start a server of its own on it (the main
// one is stopped by then, so memory and cores are free), wait for its search index, load search and
// suggestions, stop it. Failures are recorded in the result rather than thrown.
import { ensureDataset } from './dataset.ts';
import { runScenario, type LoadSettings } from './scenario.ts';
import { categoryIds, searchScenarios, serverRss, waitForIndex, type IndexInfo } from './search.ts';
import { startStoreServer } from './server.ts';
import type { ScenarioResult, SearchSize } from './report.ts';
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
    return { size, ok: m.ok };
  } catch (err) {
    size.error = (err as Error).message;
    console.error(`[bench] ✗ search at ${products.toLocaleString('en-US')} products: ${size.error}`);
    return { size, ok: false };
  } finally {
    await server?.child.stop();
  }
}
