// Guest cart merge: how a guest's cart joins the shopper's cart when they log in. The service
// (services/carts/guest-cart.ts) reads the guest cart, hands it to this policy with the shopper's cart,
// then deletes the guest cart and keeps the result for `actions/preserve`.

/** A line of the guest's cart, as it would be added again. */
export interface GuestCartLine {
  productId: string;
  quantity: number;
  productSellingModelId?: string;
  subscriptionTerm?: number;
  /** The selection of a dataset's records the guest's line bought (issue 19); counted and priced again. */
  listSelection?: string;
}

/** The gift choices a guest made; only what they chose (wrap on, a message, a name), else absent. */
export interface GuestGiftChoice {
  giftWrap?: true;
  giftMessage?: string;
  giftToName?: string;
}

/** What the guest's cart held. */
export interface GuestCartContents {
  /** In the order they were added. */
  lines: GuestCartLine[];
  /** In the order they were applied. */
  couponCodes: string[];
  /** Null when the guest chose no gift options. */
  gift: GuestGiftChoice | null;
}

/**
 * The shopper's cart, as a merge may change it. Every change runs under the shopper's own rules and
 * prices (price books, entitlements, purchase limits, stock).
 */
export interface ShopperCart {
  /** Adds the lines in one change; for each line, null when it went in, else why it could not. */
  addLines(lines: GuestCartLine[]): Promise<Array<string | null>>;
  /** Applies a coupon; null when it applied, else why it could not. */
  addCoupon(code: string): Promise<string | null>;
  /** Sets the given gift choices (the others stay as they are); null when they were kept, else why not. */
  setGift(choice: GuestGiftChoice): Promise<string | null>;
}

/** How the merge went: the lines that went in, and a message for each thing that could not. */
export interface GuestCartMergeOutcome {
  mergedLineCount: number;
  messages: string[];
}

/**
 * Guest cart merge.
 *
 * Default ({@link addGuestLines}): every guest line is added to the shopper's cart, then every guest
 * coupon applied, then the guest's gift choices (the latest thing the shopper chose, so they win over
 * the shopper cart's); what cannot go in is counted as an error with its message.
 *
 * @example Keep the shopper's cart as it was when it already has lines (the guest's lines are dropped):
 * ```ts
 * const keepShopperCart = (shopperHasLines: () => Promise<boolean>): GuestCartMerge => ({
 *   merge: async (guest, into) =>
 *     (await shopperHasLines()) ? { mergedLineCount: 0, messages: [] } : addGuestLines.merge(guest, into),
 * });
 * ```
 */
export interface GuestCartMerge {
  merge(guest: GuestCartContents, into: ShopperCart): Promise<GuestCartMergeOutcome>;
}

/** The default: all of the guest's lines, then all of their coupons, then their gift choices. */
export const addGuestLines: GuestCartMerge = {
  async merge(guest, into) {
    const messages: string[] = [];
    let mergedLineCount = 0;
    if (guest.lines.length)
      for (const problem of await into.addLines(guest.lines)) {
        if (problem === null) mergedLineCount += 1;
        else messages.push(problem);
      }
    for (const code of guest.couponCodes) {
      const problem = await into.addCoupon(code);
      if (problem !== null) messages.push(problem);
    }
    if (guest.gift) {
      const problem = await into.setGift(guest.gift);
      if (problem !== null) messages.push(problem);
    }
    return { mergedLineCount, messages };
  },
};
