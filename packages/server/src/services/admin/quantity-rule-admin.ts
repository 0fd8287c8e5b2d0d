// A product's purchase quantity rule in the workspace (issue 15 item 3): minimum, maximum and increment, checked
// with core's quantityRuleProblem (the form shows the same message as the seller types). The cart applies the
// rule from the product row (carts/cart-lines.ts checkLineQuantity), so an add-to-cart follows at once.
import type { AdminProduct, PurchaseQuantityRule } from '@store/core';
import { quantityRuleProblem } from '@store/core';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId, KEY_PREFIX } from '../../domain/record-ids.ts';
import { lockProduct, type CatalogueChanges } from './catalogue-change.ts';
import type { ProductAdmin } from './product-admin.ts';
import type { Actor } from './workspace-access.ts';

export class QuantityRuleAdmin {
  constructor(
    private changes: CatalogueChanges,
    private products: ProductAdmin,
  ) {}

  async replace(
    webstoreId: string,
    actor: Actor,
    productId: string,
    rule: PurchaseQuantityRule,
  ): Promise<AdminProduct> {
    const id = checkedId(productId, KEY_PREFIX.product);
    const clean = { minimum: rule.minimum.trim(), maximum: rule.maximum.trim(), increment: rule.increment.trim() };
    const problem = quantityRuleProblem(clean);
    if (problem) throw badInput(problem);
    // Leading zeros go: the storefront compares the rule as numbers, the stored text as it is shown.
    const columns = {
      qty_min: String(Number(clean.minimum)),
      qty_max: String(Number(clean.maximum)),
      qty_increment: String(Number(clean.increment)),
    };
    return this.changes.run(webstoreId, actor, async (trx) => {
      await lockProduct(trx, id);
      const before = await this.products.read(trx, webstoreId, id);
      if (!before) throw notFound(`The product ${productId} doesn't exist.`);
      await trx.updateTable('product').set(columns).where('id', '=', id).execute();
      const after = (await this.products.read(trx, webstoreId, id))!;
      return {
        result: after,
        change: {
          action: 'updateQuantityRule',
          recordType: 'Product',
          recordId: id,
          recordLabel: `${after.sku} ${after.name}`,
          before: before.quantityRule,
          after: after.quantityRule,
        },
        productIds: [id],
      };
    });
  }
}
