// A workspace API test's own fuzz of its operations (the whole suite is security/fuzz.test.ts): every malformed
// request the OpenAPI document allows to be made, sent as the administrator; the test asserts no 5xx, every 4xx in
// the error shape, and — reading its own state before and after each operation — that nothing changed.
import assert from 'node:assert/strict';
import type { Agent } from './agent.ts';
import { errorOf } from './server.ts';
import { fuzzOperation, operationName, type Operation } from '../security/openapi-fuzz.ts';

export interface FuzzTally {
  sent: number;
  unsendable: number;
  faults: string[];
  shapeless: string[];
}

export async function fuzzAsAdministrator(
  baseUrl: string,
  admin: Agent,
  ops: readonly Operation[],
  values: Parameters<typeof fuzzOperation>[1],
  state: () => Promise<string>,
): Promise<FuzzTally> {
  const headers = { cookie: admin.cookieHeader(), 'x-csrf-token': admin.cookies.get('csrf_token') ?? '' };
  const tally: FuzzTally = { sent: 0, unsendable: 0, faults: [], shapeless: [] };
  for (const op of ops) {
    const before = await state();
    for (const r of fuzzOperation(op, values)) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${r.path}`, {
          method: r.method,
          headers: { ...headers, ...r.headers },
          body: r.body,
        });
      } catch {
        tally.unsendable++; // a request fetch itself refuses to make (a forbidden header, say)
        continue;
      }
      const text = await res.text();
      tally.sent++;
      const what = `${res.status} ← ${r.operation} [${r.kind} in ${r.place} ${r.target}]: ${text.slice(0, 160)}`;
      if (res.status >= 500) tally.faults.push(what);
      else if (res.status >= 400) {
        try {
          errorOf({ body: JSON.parse(text) });
        } catch {
          tally.shapeless.push(what);
        }
      }
    }
    assert.equal(await state(), before, `${operationName(op)}: malformed requests changed something`);
  }
  return tally;
}
