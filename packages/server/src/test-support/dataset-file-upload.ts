// A seller's dataset file through the workspace API, for tests: a small list CSV made here (RFC 4180, quoted
// fields with commas, quotes and line breaks, some emails empty), its upload as the raw body, and the wait
// until the background processing has settled the version (ready or failed).
import assert from 'node:assert/strict';
import type { Agent, Reply } from './agent.ts';
import { WEBSTORE_ID } from './server.ts';

export const LIST_HEADER = ['Company', 'Contact', 'City', 'State', 'ZIP', 'Email', 'Phone'];
const STATES = ['TX', 'CA', 'NY'];

/** A list of `records` companies; `tag` makes the text differ between two files. */
export function listCsv(records: number, tag = 'A'): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [LIST_HEADER.join(',')];
  for (let i = 1; i <= records; i++) {
    const name = i % 7 === 0 ? `Smith, "Jones" & Co ${tag}${i}` : `Company ${tag}${i}`;
    const contact = i % 11 === 0 ? `Ana\r\nLine two ${i}` : `Contact ${i}`;
    const email = i % 5 === 0 ? '' : `info${i}@company${tag.toLowerCase()}.example`;
    const phone = i % 4 === 0 ? '' : `555-01${String(i % 100).padStart(2, '0')}`;
    const zip = String(10000 + i * 37).slice(0, 5);
    lines.push([name, contact, `City ${i % 5}`, STATES[i % 3]!, zip, email, phone].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const datasetFilePath = (productId: string) =>
  `/services/admin/webstores/${WEBSTORE_ID}/products/${productId}/dataset-file`;

/** Uploads `csv` as the product's file (as `who`); answers the reply (202 with the new version when accepted). */
export const uploadDatasetFile = (who: Agent, productId: string, csv: string | Uint8Array, fileName = 'list.csv') =>
  who.sendBytes('PUT', `${datasetFilePath(productId)}?fileName=${encodeURIComponent(fileName)}`, csv, 'text/csv');

/** Polls the product's versions until `version` is no longer processing; answers it. */
export async function settledVersion(who: Agent, productId: string, version: number): Promise<any> {
  for (let i = 0; i < 400; i++) {
    const res: Reply = await who.get(datasetFilePath(productId));
    assert.equal(res.status, 200, res.text);
    const v = res.body.find((x: { version: number }) => x.version === version);
    assert.ok(v, `version ${version} is listed`);
    if (v.status !== 'processing') return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`version ${version} still processing`);
}

/** Uploads and waits until ready (asserting it is): the ready version. */
export async function uploadReady(who: Agent, productId: string, csv: string, fileName = 'list.csv'): Promise<any> {
  const res = await uploadDatasetFile(who, productId, csv, fileName);
  assert.equal(res.status, 202, res.text);
  const v = await settledVersion(who, productId, res.body.version);
  assert.equal(v.status, 'ready', v.error);
  return v;
}
