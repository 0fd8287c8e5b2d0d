// Background cart operations (spec 02 §4 "asynchronous cart operations"): a large batch add and the
// delivery-group arrangement answer 202 at once and work in chunks, the cart reporting
// asyncOperationStatus Processing until they are done. The operation and its progress live in the
// database, each chunk committing with its progress, so nothing is lost when the process that took it
// stops: past its lease, the next request that finds the cart still Processing takes it over.
import type { Kysely } from 'kysely';
import type { BatchResult, CartItem } from '@store/core';
import type { CartTable, Database } from '../../db/schema.ts';
import { ApiError } from '../../domain/errors.ts';
import type { Services } from '../index.ts';
import type { CartOwner } from './cart-owner.ts';
import { randomRecordId } from '../../domain/record-ids.ts';
import type { LineInput } from './cart-lines.ts';
import { addedLines } from './cart-recalc.ts';

/** Batches above this many lines run in the background. */
export const ASYNC_BATCH_THRESHOLD = 10;
const CHUNK = 10;
const LEASE_MS = 30_000;

export interface Arrangement {
  deliveryGroupId: string;
  cartItemIds: string[];
}

type StoredResult = BatchResult<{ cartItemId: string }>;

const leaseFromNow = () => new Date(Date.now() + LEASE_MS).toISOString();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class CartOperations {
  /** Operations this process is running, so a test (or shutdown) can wait for them. */
  readonly running = new Set<Promise<void>>();

  constructor(
    private s: Services,
    private opts: { pauseMs: number },
  ) {}

  /** Records the operation, marks the cart Processing and starts work after the answer goes out. */
  async start(
    owner: CartOwner,
    cart: CartTable,
    kind: 'batch-add' | 'arrange-items',
    inputs: LineInput[] | Arrangement[],
  ): Promise<void> {
    const id = randomRecordId('0ao');
    const now = new Date().toISOString();
    await this.s.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('cart')
        .set({ async_status: 'Processing' })
        .where('id', '=', cart.id)
        .where('async_status', '!=', 'Processing')
        .where('status', '=', 'Active')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1)
        throw new ApiError(409, 'CART_PROCESSING', 'The cart is still being updated. Try again when it is done.');
      await trx
        .insertInto('cart_operation')
        .values({
          id,
          cart_id: cart.id,
          kind,
          inputs_json: JSON.stringify(inputs),
          progress: 0,
          results_json: '[]',
          status: 'Processing',
          lease_until: leaseFromNow(),
          created_at: now,
        })
        .execute();
    });
    this.launch(owner, cart.id, id);
  }

  /** A cart found Processing whose operation's lease has lapsed (its process stopped): continue it here. */
  async resumeIfStale(owner: CartOwner, cart: CartTable): Promise<void> {
    if (cart.async_status !== 'Processing') return;
    const now = new Date().toISOString();
    const op = await this.s.db
      .selectFrom('cart_operation')
      .select(['id', 'lease_until'])
      .where('cart_id', '=', cart.id)
      .where('status', '=', 'Processing')
      .executeTakeFirst();
    if (!op || op.lease_until > now) return;
    const claimed = await this.s.db
      .updateTable('cart_operation')
      .set({ lease_until: leaseFromNow() })
      .where('id', '=', op.id)
      .where('lease_until', '=', op.lease_until)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) this.launch(owner, cart.id, op.id);
  }

  private launch(owner: CartOwner, cartId: string, opId: string): void {
    const work = this.run(owner, cartId, opId).catch(async (err) => {
      console.error(`cart operation ${opId} failed`, err);
      await this.finish(this.s.db, cartId, opId, 'Errored').catch(() => {});
    });
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  private async run(owner: CartOwner, cartId: string, opId: string): Promise<void> {
    await Promise.resolve();
    for (;;) {
      if (this.opts.pauseMs) await pause(this.opts.pauseMs);
      const op = await this.s.db.selectFrom('cart_operation').selectAll().where('id', '=', opId).executeTakeFirst();
      const cart = await this.s.db.selectFrom('cart').selectAll().where('id', '=', cartId).executeTakeFirst();
      if (op?.status !== 'Processing' || !cart) return;
      const inputs = JSON.parse(op.inputs_json) as unknown[];
      if (op.progress >= inputs.length) {
        await this.s.db.transaction().execute((trx) => this.finish(trx, cartId, opId, 'Completed'));
        return;
      }
      if (op.kind === 'arrange-items') {
        await this.s.carts.change(
          owner,
          cart,
          async (trx) => {
            for (const a of inputs as Arrangement[]) {
              if (a.cartItemIds.length)
                await trx
                  .updateTable('cart_item')
                  .set({ delivery_group_id: a.deliveryGroupId })
                  .where('cart_id', '=', cartId)
                  .where('id', 'in', a.cartItemIds)
                  .execute();
            }
            await trx
              .updateTable('cart_operation')
              .set({ progress: inputs.length, lease_until: leaseFromNow() })
              .where('id', '=', opId)
              .execute();
          },
          { operation: true },
        );
        continue;
      }
      const chunk = (inputs as LineInput[]).slice(op.progress, op.progress + CHUNK);
      const resolved = await this.s.carts.resolveInputs(owner, chunk);
      await this.s.carts.change(
        owner,
        cart,
        async (trx) => {
          const outcomes = await this.s.carts.addLines(trx, owner, cart, resolved);
          const results: StoredResult[] = [
            ...(JSON.parse(op.results_json) as StoredResult[]),
            ...outcomes.map(
              (o): StoredResult =>
                o.ok
                  ? { statusCode: 201, result: { cartItemId: o.item.id } }
                  : {
                      statusCode: o.error.status,
                      result: [{ errorCode: o.error.errorCode, message: o.error.message }],
                    },
            ),
          ];
          await trx
            .updateTable('cart_operation')
            .set({
              progress: op.progress + chunk.length,
              results_json: JSON.stringify(results),
              lease_until: leaseFromNow(),
            })
            .where('id', '=', opId)
            .execute();
          return outcomes;
        },
        // Each chunk is recalculated from the lines it wrote, not from the whole cart so far.
        { operation: true, lines: addedLines },
      );
    }
  }

  private async finish(
    db: Kysely<Database>,
    cartId: string,
    opId: string,
    status: 'Completed' | 'Errored',
  ): Promise<void> {
    await db.updateTable('cart_operation').set({ status }).where('id', '=', opId).execute();
    await db.updateTable('cart').set({ async_status: status }).where('id', '=', cartId).execute();
  }

  /** The line results of a cart's last batch, for the caller that wants them after polling. */
  async lastResults(cartId: string): Promise<Array<BatchResult<Pick<CartItem, 'cartItemId'>>> | null> {
    const op = await this.s.db
      .selectFrom('cart_operation')
      .select(['results_json'])
      .where('cart_id', '=', cartId)
      .where('kind', '=', 'batch-add')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return op ? JSON.parse(op.results_json) : null;
  }

  /** Waits for this process's operations (tests, graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
