// The checkout's and orders' addresses, apart from checkout-view.ts so the header's account navigation
// (on every page) does not pull the address formats (every country's, about 16 kB brotli) into the shell.
export const CHECKOUT_PATH = '/checkout';
export const ORDERS_PATH = '/orders';
export const SUBSCRIPTIONS_PATH = '/subscriptions';
