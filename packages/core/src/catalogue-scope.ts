// Spec 01 §6: logged-in users may use the guest's cached catalogue data when the store has a single
// entitlement policy (everyone sees the same products) and guests may browse at all. Then a product can
// be read from the published catalogue snapshot, which is account-independent and publicly cacheable.
import type { ApplicationContext } from './wire.ts';

export type CatalogueScopeContext = Partial<
  Pick<ApplicationContext, 'usesSingleEntitlementPolicy' | 'guestBrowsingEnabled' | 'catalogSnapshotVersionId'>
>;

export function sharesGuestCatalogue(app: CatalogueScopeContext | null | undefined): boolean {
  return app?.usesSingleEntitlementPolicy === true && app.guestBrowsingEnabled === true;
}

/**
 * The snapshot to read products from, or null to read them for the effective account. Preview never
 * shares: it must see the live catalogue uncached.
 */
export function sharedSnapshotId(app: CatalogueScopeContext | null | undefined, isPreview: boolean): string | null {
  return !isPreview && sharesGuestCatalogue(app) && app?.catalogSnapshotVersionId ? app.catalogSnapshotVersionId : null;
}
