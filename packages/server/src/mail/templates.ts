// The store's emails as pure functions of what they say: a subject, a plain-text body and an HTML
// body (mail clients show one or the other, so both always carry the whole message). Amounts, dates
// and addresses arrive formatted by the caller; these only lay them out. Every value interpolated
// into HTML is escaped, and links must be absolute http(s) URLs.
import { escapeHtml } from '@store/core';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface OrderConfirmationLine {
  name: string;
  quantity: number;
  /** Formatted money, e.g. "$1,234.00". */
  lineTotal: string;
  /** The selection of a dataset's records the line bought, e.g. "Has email (1,234 records)"; none: the whole. */
  selection?: string | null;
}

export interface OrderConfirmationTotals {
  subtotal: string;
  /** Omitted when null, undefined or empty (no promotion applied). */
  discounts?: string | null;
  /** Omitted when null, undefined or empty. */
  delivery?: string | null;
  /** Omitted when null, undefined or empty (not gift-wrapped). */
  giftWrap?: string | null;
  tax: string;
  total: string;
}

export interface OrderConfirmation {
  storeName: string;
  orderNumber: string;
  /** Formatted, e.g. "21 November 2026". */
  orderDate: string;
  lines: OrderConfirmationLine[];
  totals: OrderConfirmationTotals;
  /** One entry per line of the address; null or empty when nothing ships (datasets only). */
  deliveryAddress?: string[] | null;
  /** e.g. "Visa ending 4242" or "Purchase order PO-123". */
  paymentSummary: string;
  /** The gift choices; omitted when null or when nothing was chosen. The message may span lines. */
  gift?: { wrapped: boolean; toName: string | null; message: string | null } | null;
  /** Absolute URL of the order's page. */
  orderUrl: string;
}

export interface DownloadLink {
  name: string;
  /** Absolute URL of the signed download. */
  url: string;
}

export interface DownloadsReady {
  storeName: string;
  orderNumber: string;
  downloads: DownloadLink[];
  /** When the links stop working, formatted, e.g. "28 November 2026, 10:00 UTC". */
  expiresText: string;
  /** Absolute URL of the order's page, where new links can be had; optional. */
  orderUrl?: string | null;
}

/** Text to HTML text or attribute value (core's one escaper). */
export { escapeHtml };

/** A value that must stay on one line (a subject, a table cell in the text body). */
const oneLine = (value: string | number) => String(value).replace(/\s+/g, ' ').trim();

/** Only absolute http(s) links go into a mail (no javascript:, no relative paths that mean nothing in a mail client). */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TypeError(`not an http(s) URL: ${url}`);
  return parsed.href;
}

const e = escapeHtml;

function layout(storeName: string, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(oneLine(title))}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:bold;">${e(oneLine(storeName))}</td></tr>
<tr><td style="padding:24px 28px;font-size:14px;line-height:1.5;">
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The end of an order's text body: a blank line, the order page's link and the store's name. */
const orderFooter = (orderUrl: string, storeName: string) => ['', 'Your order:', orderUrl, '', oneLine(storeName), ''];

function button(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${e(href)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:4px;">${e(label)}</a></p>`;
}

export function orderConfirmationEmail(o: OrderConfirmation): RenderedMail {
  const orderUrl = checkedUrl(o.orderUrl);
  const totals: [string, string][] = [['Subtotal', o.totals.subtotal]];
  if (o.totals.discounts) totals.push(['Discounts', o.totals.discounts]);
  if (o.totals.delivery) totals.push(['Delivery', o.totals.delivery]);
  if (o.totals.giftWrap) totals.push(['Gift wrap', o.totals.giftWrap]);
  totals.push(['Tax', o.totals.tax], ['Total', o.totals.total]);
  const gift = giftLines(o.gift);
  const address = (o.deliveryAddress ?? []).map(oneLine).filter(Boolean);
  const subject = oneLine(`${o.storeName}: order ${o.orderNumber} confirmed`);

  const text = [
    `Thank you for your order from ${oneLine(o.storeName)}.`,
    '',
    `Order number: ${oneLine(o.orderNumber)}`,
    `Order date: ${oneLine(o.orderDate)}`,
    '',
    'Items',
    ...o.lines.flatMap((l) => [
      `- ${oneLine(l.name)} x ${oneLine(l.quantity)}: ${oneLine(l.lineTotal)}`,
      ...(l.selection ? [`  Selection: ${oneLine(l.selection)}`] : []),
    ]),
    '',
    ...totals.map(([label, amount]) => `${label}: ${oneLine(amount)}`),
    '',
    ...(address.length ? ['Delivery address', ...address, ''] : []),
    ...(gift.length ? ['Gift', ...gift, ''] : []),
    `Payment: ${oneLine(o.paymentSummary)}`,
    '',
    `View your order: ${orderUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e4e7eb;';
  const html = layout(
    o.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">Thank you for your order</h1>`,
      `<p style="margin:0 0 16px;">Order <strong>${e(oneLine(o.orderNumber))}</strong>, placed ${e(oneLine(o.orderDate))}.</p>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">`,
      `<tr><th align="left" style="${cell}">Item</th><th align="right" style="${cell}">Qty</th><th align="right" style="${cell}">Total</th></tr>`,
      ...o.lines.map(
        (l) =>
          `<tr><td style="${cell}">${e(oneLine(l.name))}${l.selection ? `<br><span style="font-size:13px;color:#52606d;">Selection: ${e(oneLine(l.selection))}</span>` : ''}</td><td align="right" style="${cell}">${e(oneLine(l.quantity))}</td><td align="right" style="${cell}white-space:nowrap;">${e(oneLine(l.lineTotal))}</td></tr>`,
      ),
      ...totals.map(([label, amount], i) => {
        const strong = i === totals.length - 1 ? 'font-weight:bold;' : '';
        return `<tr><td colspan="2" align="right" style="padding:4px 12px 4px 0;${strong}">${e(label)}</td><td align="right" style="padding:4px 0;white-space:nowrap;${strong}">${e(oneLine(amount))}</td></tr>`;
      }),
      `</table>`,
      ...(address.length
        ? [
            `<h2 style="margin:20px 0 6px;font-size:16px;">Delivery address</h2>`,
            `<p style="margin:0;">${address.map(e).join('<br>')}</p>`,
          ]
        : []),
      ...(gift.length
        ? [
            `<h2 style="margin:20px 0 6px;font-size:16px;">Gift</h2>`,
            `<p style="margin:0;">${gift.map(e).join('<br>')}</p>`,
          ]
        : []),
      `<h2 style="margin:20px 0 6px;font-size:16px;">Payment</h2>`,
      `<p style="margin:0;">${e(oneLine(o.paymentSummary))}</p>`,
      button(orderUrl, 'View your order'),
    ].join('\n'),
  );

  return { subject, text, html };
}

/** The gift section, a line each: the wrap, who the card is to, and the message line by line. */
function giftLines(gift: OrderConfirmation['gift']): string[] {
  if (!gift) return [];
  const message = (gift.message ?? '').split(/\r?\n/).map(oneLine).filter(Boolean);
  return [
    ...(gift.wrapped ? ['Gift wrapped'] : []),
    ...(gift.toName?.trim() ? [`To: ${oneLine(gift.toName)}`] : []),
    ...(message.length ? ['Message:', ...message] : []),
  ];
}

export function downloadsReadyEmail(d: DownloadsReady): RenderedMail {
  const links = d.downloads.map((l) => ({ name: oneLine(l.name), url: checkedUrl(l.url) }));
  const orderUrl = d.orderUrl ? checkedUrl(d.orderUrl) : null;
  const subject = oneLine(`${d.storeName}: your downloads for order ${d.orderNumber} are ready`);
  const plural = links.length === 1 ? 'Your dataset is' : 'Your datasets are';

  const text = [
    `${plural} ready to download (order ${oneLine(d.orderNumber)}).`,
    '',
    ...links.flatMap((l) => [l.name, l.url, '']),
    `The links work until ${oneLine(d.expiresText)}.${orderUrl ? ' After that, get new ones from your order page:' : ''}`,
    ...(orderUrl ? [orderUrl] : []),
    '',
    `${oneLine(d.storeName)}`,
    '',
  ].join('\n');

  const html = layout(
    d.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">${e(plural)} ready</h1>`,
      `<p style="margin:0 0 16px;">Order <strong>${e(oneLine(d.orderNumber))}</strong>. Download each file from its link:</p>`,
      `<ul style="margin:0 0 16px;padding-left:20px;">`,
      ...links.map(
        (l) => `<li style="margin:0 0 8px;"><a href="${e(l.url)}" style="color:#0b5cad;">${e(l.name)}</a></li>`,
      ),
      `</ul>`,
      `<p style="margin:0;">The links work until <strong>${e(oneLine(d.expiresText))}</strong>.${orderUrl ? ' After that, get new ones from your order page.' : ''}</p>`,
      ...(orderUrl ? [button(orderUrl, 'View your order')] : []),
    ].join('\n'),
  );

  return { subject, text, html };
}

export interface GroupShipped {
  storeName: string;
  orderNumber: string;
  /** The delivery group's name, e.g. "Default Delivery". */
  groupName: string;
  carrier: string;
  trackingNumber: string;
  /** What is in the parcel, e.g. "2 × Dentists of Ohio (printed directory)". */
  items: string[];
  /** One entry per line of the address. */
  deliveryAddress: string[] | null;
  /** Absolute URL of the order's page. */
  orderUrl: string;
}

/** A delivery group of an order has shipped: the carrier and tracking number, what is in it and where it goes. */
export function groupShippedEmail(d: GroupShipped): RenderedMail {
  const orderUrl = checkedUrl(d.orderUrl);
  const subject = oneLine(`${d.storeName}: order ${d.orderNumber} has shipped`);
  const items = d.items.map(oneLine);
  const address = (d.deliveryAddress ?? []).map(oneLine);
  const text = [
    `Your order ${oneLine(d.orderNumber)} has shipped (${oneLine(d.groupName)}).`,
    '',
    `Carrier: ${oneLine(d.carrier)}`,
    `Tracking number: ${oneLine(d.trackingNumber)}`,
    '',
    'In this parcel:',
    ...items.map((i) => `- ${i}`),
    ...(address.length ? ['', 'Going to:', ...address] : []),
    ...orderFooter(orderUrl, d.storeName),
  ].join('\n');
  const html = layout(
    d.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">Your order has shipped</h1>`,
      `<p style="margin:0 0 16px;">Order <strong>${e(oneLine(d.orderNumber))}</strong> (${e(oneLine(d.groupName))}).</p>`,
      `<p style="margin:0 0 16px;">Carrier: <strong>${e(oneLine(d.carrier))}</strong><br>Tracking number: <strong>${e(oneLine(d.trackingNumber))}</strong></p>`,
      `<ul style="margin:0 0 16px;padding-left:20px;">`,
      ...items.map((i) => `<li style="margin:0 0 4px;">${e(i)}</li>`),
      `</ul>`,
      ...(address.length ? [`<p style="margin:0 0 16px;">Going to:<br>${address.map(e).join('<br>')}</p>`] : []),
      button(orderUrl, 'View your order'),
    ].join('\n'),
  );
  return { subject, text, html };
}

export interface OrderRefunded {
  storeName: string;
  orderNumber: string;
  /** The order was cancelled (not just refunded): the subject and heading say so. */
  cancelled: boolean;
  /** What was refunded, e.g. "1 × US Dentists, Email and Phone"; a whole-order refund also names delivery. */
  items: string[];
  /** Formatted money, e.g. "$1,234.00". */
  amount: string;
  /** Where the money goes, e.g. "back to your card" (a sentence's end). */
  destination: string;
  /** The seller's reason as the buyer is to read it; omitted when null or blank. */
  reason: string | null;
  /** Absolute URL of the order's page. */
  orderUrl: string;
}

/** Money went back to the buyer (a refund of lines or of the whole order, or a cancellation): what, how much, why. */
export function orderRefundedEmail(d: OrderRefunded): RenderedMail {
  const orderUrl = checkedUrl(d.orderUrl);
  const subject = oneLine(`${d.storeName}: order ${d.orderNumber} ${d.cancelled ? 'cancelled' : 'refund'}`);
  const items = d.items.map(oneLine);
  const reason = d.reason?.trim() ? oneLine(d.reason) : null;
  const text = [
    d.cancelled
      ? `Your order ${oneLine(d.orderNumber)} has been cancelled.`
      : `Your order ${oneLine(d.orderNumber)}: a refund.`,
    '',
    'Refunded:',
    ...items.map((i) => `- ${i}`),
    '',
    `Amount: ${oneLine(d.amount)}, ${oneLine(d.destination)}.`,
    ...(reason ? [`Reason: ${reason}`] : []),
    ...orderFooter(orderUrl, d.storeName),
  ].join('\n');
  const html = layout(
    d.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">${d.cancelled ? 'Your order has been cancelled' : 'Your refund'}</h1>`,
      `<p style="margin:0 0 16px;">Order <strong>${e(oneLine(d.orderNumber))}</strong>. Refunded:</p>`,
      `<ul style="margin:0 0 16px;padding-left:20px;">`,
      ...items.map((i) => `<li style="margin:0 0 4px;">${e(i)}</li>`),
      `</ul>`,
      `<p style="margin:0 0 16px;">Amount: <strong>${e(oneLine(d.amount))}</strong>, ${e(oneLine(d.destination))}.</p>`,
      ...(reason ? [`<p style="margin:0 0 16px;">Reason: ${e(reason)}</p>`] : []),
      button(orderUrl, 'View your order'),
    ].join('\n'),
  );
  return { subject, text, html };
}

export interface RegistrationConfirmation {
  storeName: string;
  firstName: string;
  /** The link that finishes the registration (it carries the one-time token). */
  confirmUrl: string;
  expiresText: string;
}

/** To a new address: the link that creates the account. */
export function confirmRegistrationEmail(r: RegistrationConfirmation): RenderedMail {
  const url = checkedUrl(r.confirmUrl);
  const subject = oneLine(`${r.storeName}: confirm your email to finish creating your account`);
  const text = [
    `Hello ${oneLine(r.firstName)},`,
    '',
    'To finish creating your account, open this link:',
    url,
    '',
    `The link works once, until ${oneLine(r.expiresText)}. If you did not ask for an account, ignore this email.`,
    '',
    oneLine(r.storeName),
    '',
  ].join('\n');
  const html = layout(
    r.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">Confirm your email</h1>`,
      `<p style="margin:0 0 16px;">Hello ${e(oneLine(r.firstName))}, to finish creating your account, confirm this is your email address.</p>`,
      button(url, 'Finish creating my account'),
      `<p style="margin:16px 0 0;">The link works once, until <strong>${e(oneLine(r.expiresText))}</strong>. If you did not ask for an account, ignore this email.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

/** To an address that already has an account: someone (perhaps its owner) tried to register it again. */
export function registrationAttemptEmail(a: { storeName: string; loginUrl: string }): RenderedMail {
  const url = checkedUrl(a.loginUrl);
  const subject = oneLine(`${a.storeName}: someone tried to create an account with your email`);
  const text = [
    'Someone, perhaps you, tried to create a new account with this email address. You already have an account,',
    'so nothing was changed. To use it, log in:',
    url,
    '',
    'If it was not you, you can ignore this email: your account and password are as they were.',
    '',
    oneLine(a.storeName),
    '',
  ].join('\n');
  const html = layout(
    a.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">You already have an account</h1>`,
      `<p style="margin:0 0 16px;">Someone, perhaps you, tried to create a new account with this email address. Nothing was changed.</p>`,
      button(url, 'Log in'),
      `<p style="margin:16px 0 0;">If it was not you, you can ignore this email: your account and password are as they were.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

export interface PasswordResetMail {
  storeName: string;
  firstName: string;
  /** The link that opens the new-password page (it carries the one-time token). */
  resetUrl: string;
  expiresText: string;
  /** Who asked: the store's administrator (issue 15) or someone at the login page's "forgot password" (issue 17). */
  requestedBy?: 'store' | 'forgotPassword';
}

/** The one-time link to choose a new password, sent when the administrator or the shopper asked for it. */
export function passwordResetEmail(r: PasswordResetMail): RenderedMail {
  const url = checkedUrl(r.resetUrl);
  const subject = oneLine(`${r.storeName}: choose a new password`);
  const why =
    r.requestedBy === 'forgotPassword'
      ? 'Someone, perhaps you, asked to reset the password of your account.'
      : 'The store has started a password reset for your account.';
  const ignore = r.requestedBy === 'forgotPassword' ? ' If you did not ask for it, you can ignore this email.' : '';
  const text = [
    `Hello ${oneLine(r.firstName)},`,
    '',
    `${why} To choose a new password, open this link:`,
    url,
    '',
    `The link works once, until ${oneLine(r.expiresText)}. Until you use it, your current password still works.${ignore}`,
    '',
    oneLine(r.storeName),
    '',
  ].join('\n');
  const html = layout(
    r.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">Choose a new password</h1>`,
      `<p style="margin:0 0 16px;">Hello ${e(oneLine(r.firstName))}, ${e(why.charAt(0).toLowerCase() + why.slice(1))}</p>`,
      button(url, 'Choose a new password'),
      `<p style="margin:16px 0 0;">The link works once, until <strong>${e(oneLine(r.expiresText))}</strong>. Until you use it, your current password still works.${e(ignore)}</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

export interface PasswordChangedMail {
  storeName: string;
  firstName: string;
  /** When it changed, as shown ("2026-11-26 10:05 UTC"). */
  changedText: string;
  /** The "forgot password" page, for an owner who did not change it. */
  forgotUrl: string;
}

/** After a logged-in shopper changed their password (issue 17): so the owner hears of a change they did not make. */
export function passwordChangedEmail(c: PasswordChangedMail): RenderedMail {
  const url = checkedUrl(c.forgotUrl);
  const subject = oneLine(`${c.storeName}: your password was changed`);
  const text = [
    `Hello ${oneLine(c.firstName)},`,
    '',
    `The password of your account was changed on ${oneLine(c.changedText)}, and every other device was logged out.`,
    '',
    'If you did not change it, choose a new password now:',
    url,
    '',
    oneLine(c.storeName),
    '',
  ].join('\n');
  const html = layout(
    c.storeName,
    subject,
    [
      `<h1 style="margin:0 0 12px;font-size:20px;">Your password was changed</h1>`,
      `<p style="margin:0 0 16px;">Hello ${e(oneLine(c.firstName))}, the password of your account was changed on <strong>${e(oneLine(c.changedText))}</strong>, and every other device was logged out.</p>`,
      `<p style="margin:0 0 16px;">If you did not change it, choose a new password now:</p>`,
      button(url, 'Reset my password'),
    ].join('\n'),
  );
  return { subject, text, html };
}
