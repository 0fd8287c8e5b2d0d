// The store's policies: decisions a store may want to make differently, each a small interface with
// the current behaviour as its default. Pass another implementation to createServices (ServiceOptions,
// services/index.ts) to swap one; no service changes.
//
//   PaymentGateway   – who authorises a payment token; default TestPaymentGateway (the test card tokens).
//   MailTransport    – where emails go; default mailTransportFromEnv() in mail/transport.ts (SMTP_URL, else the outbox folder).
//   TaxCalculation   – which rate a product's tax policy charges at a destination, and the tax in an amount;
//                      default TableTaxCalculation (tax_rate table, region over country, Net added / Gross included).
//   OrderNumbers     – the number an order gets; default CounterOrderNumbers (DD-00001001, DD-00001002, …).
//   GuestCartMerge   – how a guest's cart joins the shopper's at login; default addGuestLines (every line and coupon).
//   StockAllocation  – which warehouses an order's stock is taken from; default fullestFirst.
//   SearchEngine     – what product search queries; default inProcessSearch (the in-memory index per store).
import type { GuestCartMerge } from './guest-cart-merge.ts';
import type { MailTransport } from './mail-transport.ts';
import type { OrderNumbers } from './order-numbers.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { SearchEngine } from './search-engine.ts';
import type { StockAllocation } from './stock-allocation.ts';
import type { TaxCalculation } from './tax-calculation.ts';

export * from './guest-cart-merge.ts';
export * from './mail-transport.ts';
export * from './order-numbers.ts';
export * from './payment-gateway.ts';
export * from './search-engine.ts';
export * from './stock-allocation.ts';
export * from './tax-calculation.ts';

/** The policies a running store uses, as createServices resolved them (each option or its default). */
export interface Policies {
  paymentGateway: PaymentGateway;
  mailTransport: MailTransport;
  taxCalculation: TaxCalculation;
  orderNumbers: OrderNumbers;
  guestCartMerge: GuestCartMerge;
  stockAllocation: StockAllocation;
  searchEngine: SearchEngine;
}
