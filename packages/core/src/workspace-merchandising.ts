// The workspace's promotion and customer shapes (issue 15), shared by the server that answers them and the
// client and pages that call them (as workspace-orders.ts is for orders). Money travels as decimal strings.

import type { CouponDraft } from './promotion-rules.ts';
import type { AppliedAdjustment, CouponResult, PromotionRule } from './promotions.ts';

// --- Promotions ------------------------------------------------------------------------------------------

/** The engine's rule (PromotionRule) as the workspace edits it: its coupons with their usage limits. */
export interface PromotionFields
  extends Pick<
    PromotionRule,
    'priority' | 'stacking' | 'target' | 'discount' | 'startsAt' | 'endsAt' | 'productIds' | 'categoryIds'
  > {
  name: string;
  termsAndConditions: string | null;
  buyerGroupIds: string[] | null;
  accountIds: string[] | null;
  oneTimeOnly: boolean;
  /** Switched off, the promotion applies nowhere whatever its dates. */
  isActive: boolean;
  coupons: CouponDraft[];
}

/** A new promotion: what is left out takes the default (every line, everyone, no dates, automatic, active). */
export type PromotionCreate = Pick<PromotionFields, 'name' | 'discount'> & Partial<PromotionFields>;

export interface AdminCoupon {
  id: string;
  code: string;
  maxUses: number | null;
  /** Orders each customer may use the code in; null = no limit. */
  maxUsesPerCustomer: number | null;
  timesUsed: number;
  isActive: boolean;
}

export interface AdminPromotion extends Omit<PromotionFields, 'coupons'> {
  id: string;
  coupons: AdminCoupon[];
}

export interface PromotionUsage {
  /** Placed orders with an adjustment of the promotion. */
  orderCount: number;
  /** What it took off those orders, per currency (negative decimals). */
  discountTotals: Array<{ currencyIsoCode: string; amount: string }>;
}

/** A promotion as the table and the detail answer it: with how often it was used. */
export type AdminPromotionWithUsage = AdminPromotion & { usage: PromotionUsage };

export interface PromotionTableQuery {
  page?: number;
  pageSize?: number;
  /** priority, name, startsAt, endsAt; `-key` for descending. */
  sort?: string;
  q?: string;
  /** Active = switched on (whatever its dates); Inactive = switched off. */
  status?: 'Active' | 'Inactive';
}

/** A trial run of a promotion over a sample cart; nothing is written. */
export interface PromotionTrialInput {
  /** A saved promotion to try (switched on or not). */
  promotionId?: string;
  /** Unsaved fields to try: on their own, or over the saved promotion's. */
  promotion?: Partial<PromotionFields>;
  lines: Array<{ productId: string; quantity: number }>;
  /** The buyer: an account (its buyer groups), else buyer groups, else a guest. */
  accountId?: string;
  buyerGroupIds?: string[];
  /** Codes typed into the sample cart; by default the tried promotion's first live code. */
  couponCodes?: string[];
  /** Evaluate as of this instant (ISO 8601); now by default. */
  at?: string;
  /** Without the store's other live promotions. */
  alone?: boolean;
}

export interface PromotionTrialLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  /** Unit price after volume tiers. */
  salesPrice: string;
  adjustments: AppliedAdjustment[];
  totalAdjustment: string;
  totalAfter: string;
}

export interface PromotionTrialResult {
  evaluatedAt: string;
  currencyIsoCode: string;
  buyerGroupIds: string[];
  /** The tried promotion ("draft" when never saved): whether it took anything off, and how much. */
  promotion: { id: string; applies: boolean; adjustmentAmount: string };
  lines: PromotionTrialLine[];
  cartAdjustments: AppliedAdjustment[];
  coupons: CouponResult[];
  subtotal: string;
  totalItemAdjustment: string;
  totalCartAdjustment: string;
  total: string;
}

// --- Customers -------------------------------------------------------------------------------------------

export interface NamedRef {
  id: string;
  name: string;
}

export interface AdminAccount {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
  buyerGroups: NamedRef[];
}

export interface AdminBuyer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  accountId: string | null;
  accountName: string | null;
  createdAt: string;
}

/** An account with its buyers and the users who may also act for it. */
export interface AdminAccountDetail extends AdminAccount {
  buyers: AdminBuyer[];
  managedBy: AdminBuyer[];
}

/** A buyer with the accounts they may act for besides their own. */
export interface AdminBuyerDetail extends AdminBuyer {
  managedAccounts: NamedRef[];
}

export interface AdminBuyerGroup {
  id: string;
  name: string;
  memberCount: number;
}

export interface AdminBuyerGroupDetail {
  id: string;
  name: string;
  members: NamedRef[];
}

export interface PasswordResetSent {
  userId: string;
  email: string;
  status: 'ResetLinkSent';
  expiresAt: string;
}

export interface CustomerTableQuery {
  page?: number;
  pageSize?: number;
  /** Accounts: name, createdAt; buyers: email, lastName, createdAt; `-key` for descending. */
  sort?: string;
  q?: string;
}
