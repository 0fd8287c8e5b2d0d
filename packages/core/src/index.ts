// Public surface of @store/core: pure rules shared by server and browser (no I/O).
export * from './wire.ts';
export * from './money.ts';
export * from './tiers.ts';
export * from './quantity-rule.ts';
export * from './price-display.ts';
export * from './selling-model.ts';
export * from './product-action-validity.ts';
export * from './breadcrumbs.ts';
export * from './currency.ts';
export * from './catalogue-scope.ts';
export * from './url.ts';
export * from './email.ts';
export * from './ids.ts';
export * from './search.ts';
export * from './cart.ts';
export * from './promotions.ts';
