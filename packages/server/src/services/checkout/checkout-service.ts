// Checkouts (spec 02 §4 and §7 "Checkouts"; commerce-api §7). A checkout is a cart on its way to
// becoming an order: it holds the contact details and the payment, while the delivery groups (address,
// method) and all the money stay on the cart, recalculated by every change, so the cart page and the
// checkout never disagree. One live checkout per cart (a unique key). Processing is synchronous: start
// and PATCH answer 202 as the platform does, and the next GET is already 200 (or 422 when the cart has
// a problem the shopper must fix, such as stock). A placed checkout answers 410 Gone.
import type { Kysely } from 'kysely';
import {
  KEY_PREFIXES,
  isValidEmail,
  phoneProblem,
  minorUnitsToDecimal,
  type Checkout,
  type CheckoutAddress,
  type CheckoutAddressInput,
  type CheckoutDeliveryGroup,
  type CheckoutError,
  type ContactInfo,
  checkoutAddressFromBook,
  checkoutAddressProblem,
  normalizedCheckoutAddress,
  postalAddressProblem,
} from '@store/core';
import type { CartTable, CheckoutTable, Database } from '../../db/schema.ts';
import { ApiError, badInput, rejectProblem } from '../../domain/errors.ts';
import { toId18, checkedId, randomRecordId } from '../../domain/record-ids.ts';
import type { Services } from '../index.ts';
import { ownsCart, type CartOwner } from '../carts/cart-owner.ts';
import { availableQuantities } from '../carts/cart-lines.ts';
import { addressView } from '../addresses.ts';
import {
  addressCountry,
  arrangeForCheckout,
  chooseMethods,
  groupStates,
  isAllDigital,
  methodView,
  methodsFor,
  storeMethods,
} from './delivery.ts';
import { checkoutGone, checkoutNotFound, guestCheckoutOff, problem } from './checkout-errors.ts';

export type CheckoutPatch =
  | { contactInfo: Partial<ContactInfo> & { isoCountryCodeForPhoneNumber?: string } }
  | {
      deliveryAddress?: CheckoutAddressInput;
      desiredDeliveryDate?: string | null;
      shippingInstructions?: string | null;
    }
  | { deliveryMethodId: string };

export class CheckoutService {
  constructor(private s: Services) {}

  private get db(): Kysely<Database> {
    return this.s.db;
  }

  /** PUT checkouts: the cart's live checkout, made if there is none. */
  async start(
    owner: CartOwner,
    cartRef: string,
    opts: { useDefaultAddress: boolean },
  ): Promise<{ checkout: CheckoutTable; cart: CartTable; created: boolean }> {
    if (!owner.userId && !owner.webstore.settings.guestCheckoutEnabled) throw guestCheckoutOff();
    const cart = await this.s.carts.require(owner, cartRef === 'active' ? 'current' : cartRef);
    if (cart.line_count === 0) throw badInput('Your cart is empty. Add something to it before checking out.');
    const live = await this.db.selectFrom('checkout').selectAll().where('active_key', '=', cart.id).executeTakeFirst();
    if (live) return { checkout: live, cart, created: false };
    const now = new Date().toISOString();
    const row: CheckoutTable = {
      id: randomRecordId(KEY_PREFIXES.checkout),
      webstore_id: owner.webstore.id,
      cart_id: cart.id,
      active_key: cart.id,
      status: 'Active',
      contact_json: owner.ctx.user ? JSON.stringify(this.userContact(owner)) : null,
      payment_id: null,
      paid_cart_version: null,
      order_id: null,
      created_at: now,
      updated_at: now,
    };
    const defaultAddress =
      opts.useDefaultAddress && owner.accountId ? await this.s.addresses.defaultShipping(owner.accountId) : null;
    const methods = await storeMethods(this.db, owner.webstore.id);
    let arranged: CartTable;
    try {
      ({ cart: arranged } = await this.s.carts.change(owner, cart, async (trx) => {
        await trx.insertInto('checkout').values(row).execute();
        if (defaultAddress) {
          const address: CheckoutAddress = { ...checkoutAddressFromBook(addressView(defaultAddress)), isDefault: true };
          await trx
            .updateTable('cart_delivery_group')
            .set({ address_json: JSON.stringify(address) })
            .where('cart_id', '=', cart.id)
            .where('address_json', 'is', null)
            .execute();
        }
        await arrangeForCheckout(trx, cart.id, {
          split: owner.webstore.settings.splitShipmentEnabled,
          methods,
          currency: cart.currency,
        });
      }));
    } catch (err) {
      // Another request started it first (the live key is unique): that checkout is the one.
      const other = await this.db
        .selectFrom('checkout')
        .selectAll()
        .where('active_key', '=', cart.id)
        .executeTakeFirst();
      if (other) return { checkout: other, cart: (await this.find(owner, other.id)).cart, created: false };
      throw err;
    }
    return { checkout: row, cart: arranged, created: true };
  }

  private userContact(owner: CartOwner): ContactInfo {
    const u = owner.ctx.user!;
    return { firstName: u.first_name, lastName: u.last_name, email: u.email, phoneNumber: null };
  }

  /** A checkout by id or `active`, checked to be the caller's: another shopper's checkout is a 404. */
  async find(
    owner: CartOwner,
    ref: string,
    opts: { allowPlaced?: boolean } = {},
  ): Promise<{ checkout: CheckoutTable; cart: CartTable }> {
    let row: CheckoutTable | undefined;
    if (ref === 'active') {
      const cart = await this.s.carts.findCurrent(owner);
      row = cart
        ? await this.db.selectFrom('checkout').selectAll().where('active_key', '=', cart.id).executeTakeFirst()
        : undefined;
      if (!row || !cart) throw checkoutNotFound(ref);
      return { checkout: row, cart };
    }
    row = await this.db
      .selectFrom('checkout')
      .selectAll()
      .where('id', '=', checkedId(ref, KEY_PREFIXES.checkout))
      .executeTakeFirst();
    if (!row || row.webstore_id !== owner.webstore.id) throw checkoutNotFound(ref);
    const cart = await this.db.selectFrom('cart').selectAll().where('id', '=', row.cart_id).executeTakeFirst();
    if (!cart || !ownsCart(owner, cart)) throw checkoutNotFound(ref);
    if (row.status === 'Deleted') throw checkoutNotFound(ref);
    if (row.status === 'Completed' && !opts.allowPlaced) {
      const order = row.order_id
        ? await this.db
            .selectFrom('sales_order')
            .select('order_number')
            .where('id', '=', row.order_id)
            .executeTakeFirst()
        : null;
      throw checkoutGone(order?.order_number ?? null);
    }
    return { checkout: row, cart };
  }

  /** The checkout as the platform shows it; `status` is 200, or 422 when the cart has a problem to fix. */
  async view(owner: CartOwner, checkout: CheckoutTable, cart: CartTable): Promise<{ status: number; body: Checkout }> {
    const [states, methods, payment, order] = await Promise.all([
      groupStates(this.db, cart.id),
      storeMethods(this.db, owner.webstore.id),
      checkout.payment_id
        ? this.db.selectFrom('payment').selectAll().where('id', '=', checkout.payment_id).executeTakeFirst()
        : undefined,
      checkout.order_id
        ? this.db
            .selectFrom('sales_order')
            .select(['id', 'order_number'])
            .where('id', '=', checkout.order_id)
            .executeTakeFirst()
        : undefined,
    ]);
    const groups: CheckoutDeliveryGroup[] = states
      .filter((st) => st.count > 0)
      .map((st) => {
        const address = st.group.address_json ? (JSON.parse(st.group.address_json) as CheckoutAddress) : null;
        const usable = methodsFor(methods, isAllDigital(st), address?.country ?? null, cart.currency);
        const selected = methods.find((m) => m.id === st.group.delivery_method_id);
        return {
          id: st.group.id,
          name: st.group.name,
          isDefault: st.group.is_default === 1,
          deliveryAddress: address,
          availableDeliveryMethods: usable.map(methodView),
          selectedDeliveryMethod: selected ? methodView(selected) : null,
          desiredDeliveryDate: st.group.desired_delivery_date,
          shippingInstructions: st.group.shipping_instructions,
          totalCartItemCount: st.count,
          totalProductAmount: minorUnitsToDecimal(st.productMinor),
          isAllDigitalCartItems: isAllDigital(st),
        };
      });
    const errors = checkout.status === 'Active' ? await this.stockProblems(owner, cart) : [];
    const status = errors.length ? 422 : 200;
    return {
      status,
      body: {
        checkoutId: checkout.id,
        checkoutStatus: status,
        statusCode: String(status),
        cartSummary: this.s.carts.summary(owner, cart),
        contactInfo: checkout.contact_json ? (JSON.parse(checkout.contact_json) as ContactInfo) : null,
        deliveryGroups: { count: groups.length, items: groups },
        errors,
        orderReferenceNumber: order?.order_number ?? null,
        orderId: order?.id ?? null,
        payment:
          payment && payment.status === 'Authorized'
            ? {
                paymentId: payment.id,
                method: payment.method as 'Card' | 'PurchaseOrder',
                cardBrand: payment.card_brand,
                cardLast4: payment.card_last4,
                purchaseOrderNumber: payment.po_number,
                amount: minorUnitsToDecimal(payment.amount_minor),
                currencyIsoCode: payment.currency,
                coversCart: checkout.paid_cart_version === cart.version,
              }
            : null,
        isGuestCheckout: !owner.userId,
        customFields: [],
      },
    };
  }

  /** Lines that can't be had in the quantity asked (other buyers took the stock since they were added). */
  async stockProblems(owner: CartOwner, cart: CartTable): Promise<CheckoutError[]> {
    const lines = await this.db
      .selectFrom('cart_item')
      .innerJoin('product', 'product.id', 'cart_item.product_id')
      .select(['cart_item.product_id', 'cart_item.quantity', 'product.name', 'product.fulfilment'])
      .where('cart_item.cart_id', '=', cart.id)
      .execute();
    const physical = lines.filter((l) => l.fulfilment === 'Physical');
    if (!physical.length) return [];
    const available = await availableQuantities(
      this.s.stockReads,
      this.db,
      owner,
      [...new Set(physical.map((l) => l.product_id))],
      cart.id,
      new Date().toISOString(),
    );
    return physical.flatMap((l) => {
      const free = available.get(l.product_id);
      if (free === null || free === undefined || l.quantity <= free) return [];
      return [
        problem(
          'insufficient-inventory',
          `Only ${free} of ${l.name} ${free === 1 ? 'is' : 'are'} available.`,
          `Change the quantity of ${l.name} to ${free} or fewer, or remove it.`,
        ),
      ];
    });
  }

  /** What is missing before the order can be placed (contact details, address, method, payment). */
  async missing(_owner: CartOwner, checkout: CheckoutTable, cart: CartTable): Promise<CheckoutError[]> {
    const out: CheckoutError[] = [];
    const contact = checkout.contact_json ? (JSON.parse(checkout.contact_json) as ContactInfo) : null;
    if (!contact?.email)
      out.push(
        problem(
          'missing-contact-info',
          'Enter your email address.',
          'We send the order confirmation and download links to it.',
        ),
      );
    const states = (await groupStates(this.db, cart.id)).filter((st) => st.count > 0);
    for (const st of states) {
      if (!st.group.address_json)
        out.push(
          problem(
            'missing-address',
            'Enter an address.',
            `${st.group.name} needs an address for the invoice and for tax${isAllDigital(st) ? '' : ' and delivery'}.`,
          ),
        );
      if (!st.group.delivery_method_id)
        out.push(
          problem(
            'missing-delivery-method',
            'Choose a delivery method.',
            `${st.group.name} has no delivery method that serves its address.`,
          ),
        );
    }
    return out;
  }

  /** PATCH checkouts: one group of fields per call (commerce-api §7). Address and method changes recalculate the cart. */
  async patch(
    owner: CartOwner,
    checkout: CheckoutTable,
    cart: CartTable,
    body: Record<string, unknown>,
  ): Promise<void> {
    const keys = Object.keys(body).filter((k) => k !== 'customFields');
    const has = (k: string) => keys.includes(k);
    if (has('shippingAddress'))
      throw new ApiError(400, 'JSON_PARSER_ERROR', 'Unrecognized field "shippingAddress": use deliveryAddress.');
    const addressGroup = has('deliveryAddress') || has('desiredDeliveryDate') || has('shippingInstructions');
    if ([has('contactInfo'), addressGroup, has('deliveryMethodId')].filter(Boolean).length !== 1) {
      throw badInput(
        'Send one of contactInfo, the delivery address fields (deliveryAddress, desiredDeliveryDate, shippingInstructions) or deliveryMethodId per call.',
      );
    }
    if (has('contactInfo')) {
      const input = body.contactInfo as Partial<ContactInfo> & { isoCountryCodeForPhoneNumber?: string };
      // The phone is read in the country the caller names, else the delivery address's (as the form does).
      const states = await groupStates(this.db, cart.id);
      const country =
        input.isoCountryCodeForPhoneNumber ||
        states.map((st) => addressCountry(st.group.address_json)).find(Boolean) ||
        null;
      return this.setContact(checkout, input, country);
    }
    const methods = await storeMethods(this.db, owner.webstore.id);
    if (has('deliveryMethodId')) {
      const id = String(body.deliveryMethodId);
      checkedId(id, KEY_PREFIXES.deliveryMethod);
      const states = (await groupStates(this.db, cart.id)).filter((st) => st.count > 0);
      const target = states.find((st) =>
        methodsFor(methods, isAllDigital(st), addressCountry(st.group.address_json), cart.currency).some(
          (m) => m.id === toId18(id),
        ),
      );
      if (!target) throw badInput(`The delivery method ${id} can't deliver this order to its address.`);
      await this.s.carts.change(owner, cart, async (trx) => {
        await trx
          .updateTable('cart_delivery_group')
          .set({ delivery_method_id: toId18(id) })
          .where('id', '=', target.group.id)
          .execute();
      });
      return;
    }
    const address =
      body.deliveryAddress === undefined
        ? undefined
        : await this.resolveAddress(owner, body.deliveryAddress as CheckoutAddressInput);
    await this.s.carts.change(owner, cart, async (trx) => {
      const set: Record<string, string | null> = {};
      if (address) set.address_json = JSON.stringify(address);
      if (has('desiredDeliveryDate')) set.desired_delivery_date = (body.desiredDeliveryDate as string | null) ?? null;
      if (has('shippingInstructions')) set.shipping_instructions = (body.shippingInstructions as string | null) ?? null;
      if (Object.keys(set).length)
        await trx.updateTable('cart_delivery_group').set(set).where('cart_id', '=', cart.id).execute();
      // A new country may rule out the chosen method: keep it if it still serves, else take the first that does.
      await chooseMethods(trx, await groupStates(trx, cart.id), methods, cart.currency);
    });
  }

  private async setContact(
    checkout: CheckoutTable,
    input: Partial<ContactInfo>,
    country: string | null,
  ): Promise<void> {
    const current = checkout.contact_json
      ? (JSON.parse(checkout.contact_json) as ContactInfo)
      : { firstName: null, lastName: null, email: null, phoneNumber: null };
    const next: ContactInfo = {
      firstName: input.firstName?.trim() || current.firstName,
      lastName: input.lastName?.trim() || current.lastName,
      email: input.email?.trim() || current.email,
      // The phone is optional: null removes it; other fields keep their value when left out or empty.
      phoneNumber: input.phoneNumber === null ? null : input.phoneNumber?.trim() || current.phoneNumber,
    };
    if (input.email !== undefined && !isValidEmail((input.email ?? '').trim()))
      throw badInput(`Enter a valid email address, such as you@example.com.`);
    const phone = typeof input.phoneNumber === 'string' ? phoneProblem(input.phoneNumber, country) : null;
    if (phone) throw badInput(phone);
    if (!next.lastName) throw badInput('Enter a last name.');
    await this.db
      .updateTable('checkout')
      .set({ contact_json: JSON.stringify(next), updated_at: new Date().toISOString() })
      .where('id', '=', checkout.id)
      .execute();
  }

  /** A saved address of the buyer's account (guests have no address book), or a full address, checked. */
  private async resolveAddress(owner: CartOwner, input: CheckoutAddressInput): Promise<CheckoutAddress> {
    const shipping = owner.webstore.settings.shippingCountries ?? [];
    if (!input || typeof input !== 'object') throw badInput('deliveryAddress must be an address or {id}.');
    if ('id' in input && Object.keys(input).length === 1) {
      if (!owner.accountId)
        throw new ApiError(
          403,
          'CPA_DISABLED',
          'The address book isn\u2019t available to guests; enter the address instead.',
        );
      const saved = await this.s.addresses.get(owner.accountId, checkedId(input.id, KEY_PREFIXES.address));
      rejectProblem(postalAddressProblem({ ...saved, postalCode: saved.postal_code }, shipping));
      return checkoutAddressFromBook(addressView(saved));
    }
    const typed = input as Exclude<CheckoutAddressInput, { id: string }>;
    rejectProblem(checkoutAddressProblem(typed, shipping));
    return normalizedCheckoutAddress(typed);
  }

  /** DELETE checkouts: the checkout ends and its payment is released; the cart stays. */
  async remove(checkout: CheckoutTable): Promise<void> {
    await this.db
      .updateTable('checkout')
      .set({ status: 'Deleted', active_key: null, updated_at: new Date().toISOString() })
      .where('id', '=', checkout.id)
      .where('status', '=', 'Active')
      .execute();
    await this.s.payments.voidCheckoutPayment(checkout.id);
  }
}
