// Realistic API answers for the storefront tests (shapes of packages/core/src/wire.ts).

import type {
  ApplicationContext,
  GiftWrapProduct,
  CartCompactSummary,
  CartItem,
  CartItemCollection,
  CartSummary,
  ExternalManagedAccount,
  NavigationMenuItemCollection,
  ProductDetail,
  ProductPrice,
  ProductTaxes,
  SessionContext,
} from '@store/core';

export const WEBSTORE_ID = '0ZE000000000001AAA';
export const PRODUCT_ID = '01t000000000001AAA';

const RELATED_NAMES = [
  'US Orthodontists, Email and Phone',
  'US Oral Surgeons, Email and Phone',
  'US Dental Laboratories, Email and Phone',
  'US Periodontists, Email and Phone',
  'US Endodontists, Email and Phone',
  'US Pediatric Dentists, Email and Phone',
  'Canada Dentists, Email and Phone',
  'US Dental Hygienists, Email and Phone',
  'US Dental Supply Stores, Email and Phone',
  'US Prosthodontists, Email and Phone',
];

export function datasetProduct(overrides: Partial<Record<string, string | null>> = {}): ProductDetail {
  const fields: Record<string, string | null> = {
    Name: 'US Dentists, Email and Phone',
    StockKeepingUnit: 'DS-00001',
    Description: 'Every practising dentist in the United States with a verified email address and direct phone number.',
    B2B_Product_Description_Rich__c:
      '<p>Every practising <strong>dentist</strong> in the United States.</p><ul><li>Verified emails</li><li>Direct phones</li></ul>',
    B2B_Record_Count__c: '187432',
    Countries_Display__c: 'United States',
    B2B_SIC_Code__c: '8021',
    ListStatus__c: 'Active',
    B2B_Last_Updated_Formula__c: 'November 2026',
    B2BCategory1Formula__c: 'Health Services',
    B2BCategory2Formula__c: 'Offices and Clinics of Dentists',
    B2BCategory3Formula__c: null,
    B2BCategory4Formula__c: null,
    B2BCategory5Formula__c: null,
    B2B_Included_Fields__c: 'Company Name; Contact Name; Email; Phone; Address; City; State; Zip',
    B2B_Download_Sample_URL__c: '/samples/DS-00001.csv',
  };
  RELATED_NAMES.forEach((name, i) => {
    fields[`B2B_Related_Product${i + 1}__c`] = `01t${String(i + 2).padStart(12, '0')}AAA`;
    fields[`B2B_Related_Product${i + 1}__r.Name`] = name;
  });
  Object.assign(fields, overrides);
  return {
    id: PRODUCT_ID,
    urlName: 'us-dentists-email-and-phone',
    productClass: 'Simple',
    fields,
    defaultImage: {
      id: '2pm000000000001AAA',
      alternateText: 'US Dentists, Email and Phone',
      contentVersionId: null,
      mediaType: 'Image',
      sortOrder: 0,
      thumbnailUrl: '/media/products/DS-00001.svg?size=thumb',
      title: 'US Dentists, Email and Phone',
      url: '/media/products/DS-00001.svg',
    },
    mediaGroups: [],
    primaryProductCategoryPath: {
      path: [
        { id: '0ZG000000000001AAA', name: 'Healthcare', description: null, urlName: 'healthcare' },
        { id: '0ZG000000000002AAA', name: 'Dental', description: null, urlName: 'dental' },
      ],
    },
    purchaseQuantityRule: { minimum: '1', maximum: '1', increment: '1' },
    productSellingModels: [
      {
        id: '0jP000000000001AAA',
        name: 'One-Time',
        sellingModelType: 'OneTime',
        pricingTerm: null,
        pricingTermUnit: null,
        subscriptionTermRule: null,
      },
    ],
    variationParentId: null,
    variationInfo: null,
    variationAttributeSet: null,
    attributeSetInfo: null,
    isConfigurationAllowed: false,
  };
}

export function productPrice(
  listPrice: string | null,
  unitPrice: string | null,
  lowestUnitPrice: string | null = null,
): ProductPrice {
  return {
    productId: PRODUCT_ID,
    currencyIsoCode: 'USD',
    listPrice,
    unitPrice,
    negotiatedPrice: null,
    lowestUnitPrice,
    pricebookEntryId: '01u000000000001AAA',
    priceAdjustment: null,
    productPriceEntries: [],
  };
}

export const taxes: ProductTaxes = {
  taxLocaleType: 'Net',
  taxPolicies: [{ taxRatePercentage: '0', taxTreatmentName: 'No tax', taxTreatmentDescription: null }],
  taxesInfo: {},
};

export const menu: NavigationMenuItemCollection = {
  menuItems: [
    {
      actionType: 'InternalLink',
      actionValue: '/category/healthcare',
      imageUrl: null,
      label: 'Healthcare',
      pageReference: {
        type: 'standard__recordPage',
        attributes: {
          objectApiName: 'ProductCategory',
          recordId: '0ZG000000000001AAA',
          urlName: 'healthcare',
          actionName: 'view',
        },
      },
      subMenu: [],
      target: 'CurrentWindow',
    },
  ],
  totalMenuItems: 1,
};

export function session(userId: string | null): SessionContext {
  const guest = userId === null;
  return {
    accountId: null,
    accountName: null,
    effectiveAccountId: null,
    effectiveAccountName: null,
    buyerGroups: [],
    guestUser: guest,
    isLoggedIn: !guest,
    isPreview: false,
    profile: null,
    userId,
    userName: null,
    userType: guest ? 'Guest' : 'Standard',
    guestUserDetails: null,
    currencyIsoCode: 'USD',
    language: 'en-US',
  };
}

export const appContext = {
  storeName: 'Data Depot',
  defaultCurrency: 'USD',
  taxType: 'Net',
  supportedCurrencies: ['USD'],
  guestBrowsingEnabled: true,
} as unknown as ApplicationContext;

export const NORTHWIND = '001000000000002AAA';
export const CONTOSO = '001000000000003AAA';
export const FABRIKAM = '001000000000004AAA';

export const MANAGED_ACCOUNTS: ExternalManagedAccount[] = [
  {
    accountId: NORTHWIND,
    accountName: 'Northwind Traders',
    isMyAccount: true,
    address: { street: '1 Harbour Way', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' },
  },
  { accountId: CONTOSO, accountName: 'Contoso Dental Group', isMyAccount: false, address: null },
  { accountId: FABRIKAM, accountName: 'Fabrikam Research', isMyAccount: false, address: null },
];

/** A logged-in session, as the accounts issue's server answers it. */
export function userSession(o: {
  userId?: string;
  firstName: string;
  lastName: string;
  email: string;
  accountId: string;
  accountName: string;
  effectiveAccountId?: string;
  effectiveAccountName?: string;
  idleTimeoutSeconds?: number | null;
}): SessionContext {
  return {
    ...session(o.userId ?? '005000000000002AAA'),
    userName: o.firstName,
    profile: { userName: o.email, firstName: o.firstName, lastName: o.lastName, email: o.email },
    accountId: o.accountId,
    accountName: o.accountName,
    effectiveAccountId: o.effectiveAccountId ?? o.accountId,
    effectiveAccountName: o.effectiveAccountName ?? o.accountName,
    buyerGroups: [{ id: '0ZI000000000002AAA', name: 'Buyers' }],
    idleTimeoutSeconds: o.idleTimeoutSeconds === undefined ? 1800 : o.idleTimeoutSeconds,
  };
}

export const buyerSession = (effective = CONTOSO) =>
  userSession({
    firstName: 'Morgan',
    lastName: 'Lee',
    email: 'morgan@northwind.example',
    accountId: NORTHWIND,
    accountName: 'Northwind Traders',
    effectiveAccountId: effective,
    effectiveAccountName: MANAGED_ACCOUNTS.find((a) => a.accountId === effective)?.accountName,
  });

export const consumerSession = () =>
  userSession({
    userId: '005000000000003AAA',
    firstName: 'Casey',
    lastName: 'Jordan',
    email: 'casey@example.com',
    accountId: '001000000000005AAA',
    accountName: 'Casey Jordan',
  });

// ---- Carts (the cart API contract: CartSummary, CartItemCollection, CartCompactSummary) ----

export const CART_ID = '0a6000000000001AAA';
export const LINE_ID = '0a9000000000001AAA';

const NO_MESSAGES = {
  errorCount: 0,
  hasErrors: false,
  limitedMessages: [],
  relatedEntityId: null,
  totalLineItemsWithErrors: 0,
};

export function cartSummary(overrides: Partial<CartSummary> = {}): CartSummary {
  return {
    cartId: CART_ID,
    accountId: null,
    ownerId: null,
    webstoreId: WEBSTORE_ID,
    name: 'Cart',
    status: 'Active',
    type: 'Cart',
    currencyIsoCode: 'USD',
    asyncOperationStatus: 'Completed',
    taxType: 'Net',
    totalProductCount: '1',
    uniqueProductCount: 1,
    totalProductLineItemCount: 1,
    totalListPrice: '499.00',
    totalProductAmount: '399.00',
    totalPromotionalAdjustmentAmount: '-39.90',
    totalCartLevelAdjustmentAmount: '0.00',
    totalProductAmountAfterAdjustments: '359.10',
    totalTaxAmount: '28.73',
    totalChargeAmount: '0.00',
    totalGiftWrapAmount: '0.00',
    grandTotalAmount: '387.83',
    giftOptions: { giftWrap: false, giftMessage: null, giftToName: null, canGiftWrap: false },
    messagesSummary: NO_MESSAGES,
    ...overrides,
  };
}

export function compactSummary(count: number, overrides: Partial<CartCompactSummary> = {}): CartCompactSummary {
  return {
    cartId: count ? CART_ID : null,
    currencyIsoCode: 'USD',
    totalProductCount: String(count),
    uniqueProductCount: count,
    asyncOperationStatus: 'Completed',
    totalProductAmount: `${count * 399}.00`,
    totalPromotionalAdjustmentAmount: '0.00',
    grandTotalAmount: `${count * 399}.00`,
    ...overrides,
  };
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    cartItemId: LINE_ID,
    cartId: CART_ID,
    cartDeliveryGroupId: null,
    productId: PRODUCT_ID,
    name: 'US Dentists, Email and Phone',
    type: 'Product',
    quantity: '1',
    currencyIsoCode: 'USD',
    listPrice: '499.00',
    salesPrice: '399.00',
    unitAdjustedPrice: '359.10',
    totalListPrice: '499.00',
    totalPrice: '399.00',
    totalAdjustmentAmount: '-39.90',
    totalAmount: '359.10',
    totalTax: '28.73',
    productSellingModelId: '0jP000000000001AAA',
    sellingModelType: 'OneTime',
    subscriptionTerm: null,
    productClass: 'Simple',
    promotionDisplayName: 'Spring sale',
    adjustments: [
      {
        promotionId: '0c8000000000001AAA',
        displayName: 'Spring sale',
        adjustmentAmount: '-39.90',
        couponCode: null,
        targetType: 'Item',
      },
    ],
    productDetails: {
      productId: PRODUCT_ID,
      name: 'US Dentists, Email and Phone',
      sku: 'DS-00001',
      productUrlName: 'us-dentists-email-and-phone',
      productClass: 'Simple',
      fields: {},
      thumbnailImage: null,
      purchaseQuantityRule: { minimum: '1', maximum: '1', increment: '1' },
    },
    messagesSummary: NO_MESSAGES,
    createdDate: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function cartCollection(
  opts: {
    items?: CartItem[];
    summary?: Partial<CartSummary>;
    coupons?: Array<{ cartCouponId: string; couponCode: string }>;
    cartPromotions?: CartItemCollection['cartPromotions']['promotions']['promotions'];
  } = {},
): CartItemCollection {
  const items = opts.items ?? [cartItem()];
  return {
    cartItems: items.map((cartItem) => ({ cartItem, message: null, status: 'Success' as const })),
    cartSummary: cartSummary(opts.summary),
    hasErrors: false,
    currentPage: 1,
    totalNumberOfPages: 1,
    totalItemCount: items.length,
    count: items.length,
    currentPageToken: '1',
    nextPageToken: null,
    previousPageToken: null,
    cartCoupons: { cartId: CART_ID, cartStatus: 'Active', ownerId: null, cartCoupons: { coupons: opts.coupons ?? [] } },
    cartPromotions: {
      cartId: CART_ID,
      cartStatus: 'Active',
      currencyIsoCode: 'USD',
      promotions: { promotions: opts.cartPromotions ?? [] },
    },
  };
}

/**
 * An in-process stand-in for the server's API: answers the storefront's GETs from the fixtures
 * above, and 404s everything it does not know.
 */
export const SNAPSHOT_ID = '0cv000000000001AAA';

export function fakeApiFetch(
  opts: {
    product?: ProductDetail;
    price?: ProductPrice | null;
    userId?: string | null;
    /** The whole session context (wins over userId). */
    session?: SessionContext;
    /** Managed accounts of a logged-in user; the user's own account alone by default. */
    managedAccounts?: ExternalManagedAccount[];
    /** Store setting; when false, catalogue calls from a guest answer 401 as the server does. */
    guestBrowsingEnabled?: boolean;
    /** Store setting: one entitlement policy, so products may be read from the shared snapshot. */
    usesSingleEntitlementPolicy?: boolean;
    /** Answers search/products (the product as the only match, no facets, by default). */
    search?: (query: URLSearchParams) => Response | unknown;
    /** The shopper's cart: lines and summary (null or absent: no cart yet, cartId null). */
    cart?: CartItemCollection | null;
    /** Every cart call answers this status with an error body instead (e.g. 401 for a refused guest). */
    cartStatus?: number;
    /** The evaluate-products answer (404 when absent, as before the promotions server). */
    promotions?: unknown;
    /** Store setting (application context); on by default. */
    guestCheckoutEnabled?: boolean;
    /** Store setting (application context); absent by default. */
    giftingConfig?: ApplicationContext['giftingConfig'];
    /** The products/gift-wrap answer, or the status it fails with (404 when absent). */
    giftWrap?: GiftWrapProduct | number;
    /** The SEO properties call's answer per record id, or the status it fails with (404 when absent). */
    seo?: (recordId: string) => unknown;
  } = {},
): typeof fetch & { calls: string[] } {
  const product = opts.product ?? datasetProduct();
  const sessionContext = opts.session ?? session(opts.userId ?? null);
  const isGuest = sessionContext.guestUser !== false;
  const guestBrowsing = opts.guestBrowsingEnabled !== false;
  const price = opts.price === undefined ? productPrice('499.00', '399.00', '349.00') : opts.price;
  const calls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const notFound = () => json([{ errorCode: 'NOT_FOUND', message: 'Not found' }], 404);
  const f = (async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    calls.push(url.pathname + url.search);
    if (url.pathname === '/services/data/v65.0/commerce/promotions/actions/evaluate-products')
      return opts.promotions ? json(opts.promotions) : notFound();
    const seoPath = /^\/services\/data\/v65\.0\/connect\/communities\/[^/]+\/seo\/properties\/([^/]+)$/.exec(
      url.pathname,
    );
    if (seoPath) {
      const answer = opts.seo?.(decodeURIComponent(seoPath[1]!));
      return typeof answer === 'number' || answer === undefined
        ? json([{ errorCode: 'NOT_FOUND', message: 'Not found' }], typeof answer === 'number' ? answer : 404)
        : json(answer);
    }
    const base = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}/`;
    if (!url.pathname.startsWith(base)) return notFound();
    const rest = url.pathname.slice(base.length);
    if (rest.startsWith('carts/')) {
      if (opts.cartStatus)
        return json(
          [{ errorCode: opts.cartStatus === 401 ? 'INVALID_SESSION_ID' : 'INTERNAL_ERROR', message: 'Refused' }],
          opts.cartStatus,
        );
      const cart = opts.cart ?? null;
      if (rest === 'carts/current')
        return json(
          cart ? cart.cartSummary : cartSummary({ cartId: null, totalProductCount: '0', uniqueProductCount: 0 }),
        );
      if (rest === 'carts/compact-summary') {
        const s = cart?.cartSummary;
        return json(
          s
            ? compactSummary(Number(s.totalProductCount), {
                cartId: s.cartId,
                asyncOperationStatus: s.asyncOperationStatus,
              })
            : compactSummary(0),
        );
      }
      if (cart && rest === `carts/${cart.cartSummary.cartId}/cart-items`) return json(cart);
    }
    if (rest === 'session-context') return json(sessionContext);
    if (rest === 'application-context') {
      return json({
        ...appContext,
        guestBrowsingEnabled: guestBrowsing,
        guestCheckoutEnabled: opts.guestCheckoutEnabled !== false,
        usesSingleEntitlementPolicy: opts.usesSingleEntitlementPolicy === true,
        catalogSnapshotVersionId: SNAPSHOT_ID,
        ...(opts.giftingConfig ? { giftingConfig: opts.giftingConfig } : {}),
      });
    }
    if (rest === 'products/gift-wrap')
      return typeof opts.giftWrap === 'object'
        ? json(opts.giftWrap)
        : json([{ errorCode: 'NOT_FOUND', message: 'No gift wrap' }], opts.giftWrap ?? 404);
    if (rest === 'external-managed-accounts') {
      if (isGuest) return json([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'Log in to see your accounts.' }], 403);
      const own = {
        accountId: sessionContext.accountId!,
        accountName: sessionContext.accountName!,
        isMyAccount: true,
        address: null,
      };
      return json({ externalManagedAccounts: opts.managedAccounts ?? [own] });
    }
    if (isGuest && !guestBrowsing)
      return json([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }], 401);
    if (rest === 'category-menu-items') return json(menu);
    if (rest === `products/${product.id}` || rest === `versions/${SNAPSHOT_ID}/products/${product.id}`)
      return json(product);
    if (rest === `pricing/products/${product.id}`) return price ? json(price) : notFound();
    if (rest === `taxes/products/${product.id}`) return json(taxes);
    if (rest === 'products' || rest === 'featured-datasets') {
      return json({
        products: [
          { ...product, name: product.fields.Name, sku: product.fields.StockKeepingUnit, success: true, error: null },
        ],
        total: 1,
      });
    }
    if (rest === 'pricing/products') {
      return json({
        currencyIsoCode: 'USD',
        success: true,
        error: null,
        pricingLineItemResults: [
          {
            productId: product.id,
            listPrice: '499.00',
            unitPrice: '399.00',
            lowestUnitPrice: null,
            pricebookEntryId: null,
            success: true,
            error: null,
          },
        ],
      });
    }
    if (rest === 'product-categories/healthcare' || rest === 'product-categories/0ZG000000000001AAA') {
      return json({
        id: '0ZG000000000001AAA',
        urlName: 'healthcare',
        fields: { Name: 'Healthcare', Description: 'Datasets of healthcare professionals.' },
        mediaGroups: [],
      });
    }
    if (rest === 'product-category-path/product-categories/0ZG000000000001AAA') {
      return json({
        path: [{ id: '0ZG000000000001AAA', name: 'Healthcare', description: null, urlName: 'healthcare' }],
      });
    }
    if (rest === 'product-categories/children') {
      return json({
        productCategories: url.searchParams.get('parentProductCategoryId')
          ? [{ id: '0ZG000000000002AAA', urlName: 'dental', fields: { Name: 'Dental' }, mediaGroups: [] }]
          : [],
      });
    }
    if (rest === 'search/products' && opts.search) {
      const answer = opts.search(url.searchParams);
      return answer instanceof Response ? answer : json(answer);
    }
    if (rest === 'search/products') {
      const fields = Object.fromEntries(Object.entries(product.fields).map(([k, v]) => [k, { value: v }]));
      return json({
        productsPage: {
          pageSize: 12,
          total: 1,
          products: [{ id: product.id, name: product.fields.Name, fields, defaultImage: product.defaultImage }],
        },
      });
    }
    return notFound();
  }) as typeof fetch & { calls: string[] };
  f.calls = calls;
  return f;
}

export const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"><!--app-html--></div><script type="module" src="/assets/index.js"></script></body></html>';
