// Which version of a dataset's file each order line bought (issue 19), decided when the order is placed, inside
// its transaction. A whole-dataset line gets the live version, so a one-time download later delivers the version
// that was bought even after the seller uploads a new one. A selection line was counted and priced on the version
// it names; file versions never change once ready, so on that same version its count is still the line's. If the
// seller's live version moved on since the line was added, the order is refused (409 CHECKOUT_CONFLICT, nothing
// written; the payment stays authorised on the checkout): the buyer removes the selection and adds it again to see
// the new file's count and price, rather than being charged a price for a count that no longer holds.
import type { Kysely } from 'kysely';
import type { CartItemTable, Database } from '../../db/schema.ts';
import { liveDatasetFiles } from '../dataset-files/file-store.ts';
import { checkoutConflict } from './checkout-errors.ts';

type Line = Pick<CartItemTable, 'id' | 'product_id' | 'list_selection' | 'list_file_version'> & {
  fulfilment: string | undefined;
  name: string | undefined;
};

/** Cart line id → the file version its order line keeps (dataset lines with a live file only). */
export async function datasetLineVersions(trx: Kysely<Database>, lines: Line[]): Promise<Map<string, number>> {
  const datasets = lines.filter((l) => l.fulfilment === 'Dataset');
  const live = await liveDatasetFiles(
    trx,
    datasets.map((l) => l.product_id),
  );
  const out = new Map<string, number>();
  for (const line of datasets) {
    const version = live.get(line.product_id)?.version;
    if (line.list_selection) {
      if (version !== line.list_file_version)
        throw checkoutConflict(
          `The records of ${line.name ?? 'a dataset'} were updated since you chose your selection of them. Remove the selection from your cart and choose it again to see its new count and price.`,
        );
      out.set(line.id, line.list_file_version);
    } else if (version !== undefined) out.set(line.id, version);
  }
  return out;
}
