// A set's or bundle's components as the seed made them (product_relation rows of type SetComponent /
// BundleComponent), in the set's order, read straight from the database: what the API and the pages are
// checked against.
import type { Db } from '../db/connection.ts';

export async function componentsOf(db: Db, sku: string) {
  return db.db
    .selectFrom('product_relation')
    .innerJoin('product', 'product.id', 'product_relation.related_id')
    .innerJoin('product as parent', 'parent.id', 'product_relation.product_id')
    .select([
      'parent.id as parentId',
      'parent.name as parentName',
      'product.id',
      'product.sku',
      'product.name',
      'product.record_count',
      'product.included_fields_json',
    ])
    .where('parent.sku', '=', sku)
    .where('product_relation.relationship_type', 'in', ['SetComponent', 'BundleComponent'])
    .orderBy('product_relation.position')
    .execute();
}
