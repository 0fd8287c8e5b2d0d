// The workspace's categories, entitlement policies and inventory (issue 15 item 3): the shapes the server
// answers and the pages send, and the url-name rule both apply (the form as the seller types, the server on
// every write), so a url name the form accepts is one the server accepts.

/** Lowercase letters and digits in runs joined by single hyphens: what a category's address is made of. */
export const URL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const URL_NAME_MAX = 80;

/** Why a url name cannot be used, or null. */
export function urlNameProblem(urlName: string): string | null {
  if (urlName.length > URL_NAME_MAX) return `Use at most ${URL_NAME_MAX} characters.`;
  if (!URL_NAME_PATTERN.test(urlName))
    return 'Use lowercase letters and digits, with single hyphens between words (for example, dental-offices).';
  return null;
}

/** A url name made from a category's name: "Dental Offices & Labs" → "dental-offices-labs". */
export function urlNameOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, URL_NAME_MAX)
    .replace(/-+$/, '');
}

export type CategoryStatus = 'Live' | 'Draft';

/** A new category: it starts Draft (out of the menu) unless `status: 'Live'` is sent. */
export interface CategoryCreate {
  name: string;
  /** Default: made from the name. */
  urlName?: string;
  /** Null or missing: top level. */
  parentId?: string | null;
  description?: string | null;
  status?: CategoryStatus;
}

/** A change of a category: only the fields sent. A new parent moves the category with its subtree, last among its siblings. */
export type CategoryChange = Partial<Omit<CategoryCreate, 'parentId'>> & { parentId?: string | null };

/** The new order of one parent's children (null: the top level); every child once. */
export interface CategoryOrder {
  parentId: string | null;
  categoryIds: string[];
}

export interface NamedCategory {
  id: string;
  name: string;
  /** Names from the root, e.g. "Healthcare › Dentists". */
  path: string;
}

/** An entitlement policy: the buyer groups in it see the products of these categories and everything under them. */
export interface EntitlementPolicy {
  id: string;
  name: string;
  buyerGroups: Array<{ id: string; name: string }>;
  categories: NamedCategory[];
}

export interface EntitlementPolicyInput {
  name: string;
  buyerGroupIds: string[];
  categoryIds: string[];
}

/** One location's stock of a product: on hand is what the seller counts; reserved is what placed orders hold. */
export interface InventoryLevelRow {
  locationId: string;
  locationName: string;
  locationType: string;
  onHand: number;
  reserved: number;
}

export interface ProductInventory {
  productId: string;
  sku: string;
  name: string;
  /** Only physical products have stock; a dataset answers no levels. */
  fulfilment: string;
  levels: InventoryLevelRow[];
}

export interface InventoryChange {
  levels: Array<{ locationId: string; onHand: number }>;
}
