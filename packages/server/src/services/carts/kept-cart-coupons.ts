// Each cart's coupon codes as this process's last change of the cart applied them, with the version that change
// gave the cart. Every change of a cart, in any process, bumps its version (CartService.change, place-order), and
// a cart's coupons are written only inside such a change, so codes kept at the version a change starts from are
// the cart's codes: the change need not read them. Any other version (another process changed the cart) reads.
import type { CartTable } from '../../db/schema.ts';

/** More carts than this and the map starts again (a bound on memory; a miss only costs one read). */
const MAX_CARTS = 20_000;

export class KeptCartCoupons {
  private byCart = new Map<string, { version: number; codes: string[] }>();

  /** The codes of the cart as it is at this version, if this process made that version. */
  at(cart: Pick<CartTable, 'id' | 'version'>): string[] | undefined {
    const kept = this.byCart.get(cart.id);
    return kept?.version === cart.version ? kept.codes : undefined;
  }

  /** Called once the change that made this version has committed. */
  keep(cart: Pick<CartTable, 'id' | 'version'>, codes: string[]): void {
    if (this.byCart.size >= MAX_CARTS) this.byCart.clear();
    this.byCart.set(cart.id, { version: cart.version, codes });
  }
}
