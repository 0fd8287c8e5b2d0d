import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { SiteHeader } from '../../routes/root/Layout.tsx';
import { toUserSession } from '../../lib/account/viewer.ts';
import {
  buyerSession,
  consumerSession,
  CONTOSO,
  MANAGED_ACCOUNTS,
  menu,
  session,
} from '../../test-support/fixtures.ts';
import { AccountSwitcher, selectedAccountId } from './AccountSwitcher.tsx';
import { SessionTimeoutDialog } from './SessionTimeoutDialog.tsx';
import { TextField } from '../ui/TextField.tsx';
import { ToastContainer, ToastProvider } from '../ui/Toast.tsx';
import { createToast, type Toast } from '../../lib/toast-queue.ts';

const MENU = [{ label: 'Healthcare', href: '/category/healthcare', children: [] }];
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const noop = () => undefined;

describe('SiteHeader', () => {
  test('a guest gets "Log in" and "Register", both coming back to this page', () => {
    const out = renderToString(
      <SiteHeader menu={MENU} session={toUserSession(session(null))} currentPath="/product/01t000000000001AAA" />,
    );
    assert.match(out, /<nav aria-label="Your account" class="user-nav">/);
    assert.match(out, /<a href="\/login\?returnUrl=\/product\/01t000000000001AAA">Log in<\/a>/);
    assert.match(out, /<a href="\/register\?returnUrl=\/product\/01t000000000001AAA">Register<\/a>/);
    assert.doesNotMatch(out, /Log out|My profile|<select/);
  });

  test('a consumer: greeting with the first name, "My profile", "Log out" to the logout address, no switcher', () => {
    const out = renderToString(
      <SiteHeader menu={MENU} session={toUserSession(consumerSession())} managedAccounts={[]} />,
    );
    assert.match(text(out), /Hi, Casey/);
    assert.match(out, /<a href="\/profile">My profile<\/a>/);
    assert.match(out, /<a href="\/webruntime\/logout">Log out<\/a>/);
    assert.doesNotMatch(out, />Log in<|>Register<|<select/);
  });

  test('a buyer with several accounts gets a labelled account select, the effective account selected', () => {
    const out = renderToString(
      <SiteHeader menu={MENU} session={toUserSession(buyerSession(CONTOSO))} managedAccounts={MANAGED_ACCOUNTS} />,
    );
    assert.match(text(out), /Hi, Morgan/);
    assert.match(out, /<label for="account-switcher" class="account-switcher__label">Account<\/label>/);
    assert.match(out, /<select id="account-switcher" name="account"[^>]*aria-describedby="account-switcher-note"/);
    const options = [...out.matchAll(/<option value="([^"]+)"( selected="")?>([^<]+)<\/option>/g)].map((m) => [
      m[3],
      Boolean(m[2]),
    ]);
    assert.deepEqual(options, [
      ['Northwind Traders', false],
      ['Contoso Dental Group', true],
      ['Fabrikam Research', false],
    ]);
    assert.match(text(out), /Choosing an account reloads the page with that account's prices\./);
  });

  test('a buyer with one account has no switcher', () => {
    const out = renderToString(
      <SiteHeader menu={MENU} session={toUserSession(buyerSession())} managedAccounts={MANAGED_ACCOUNTS.slice(0, 1)} />,
    );
    assert.doesNotMatch(out, /<select/);
  });

  test('the category menu stays; no account area without session data', () => {
    const out = renderToString(<SiteHeader menu={MENU} />);
    assert.match(out, /<nav aria-label="Categories">/);
    assert.doesNotMatch(out, /user-nav/);
    assert.ok(menu.menuItems.length);
  });
});

describe('AccountSwitcher', () => {
  test('selects the current account, else the own account, else the first', () => {
    assert.equal(selectedAccountId(MANAGED_ACCOUNTS, CONTOSO), CONTOSO);
    assert.equal(selectedAccountId(MANAGED_ACCOUNTS, 'unknown'), MANAGED_ACCOUNTS[0].accountId);
    assert.equal(selectedAccountId(MANAGED_ACCOUNTS.slice(1), null), CONTOSO);
    assert.equal(selectedAccountId([], null), '');
    assert.match(
      renderToString(<AccountSwitcher accounts={MANAGED_ACCOUNTS} currentAccountId={null} />),
      /<option value="001000000000002AAA" selected="">Northwind Traders/,
    );
  });
});

describe('SessionTimeoutDialog', () => {
  test('a modal alert dialog with the spec 03 §8 title, text and buttons', () => {
    const out = renderToString(<SessionTimeoutDialog onContinue={noop} onLogOut={noop} onClose={noop} />);
    assert.match(
      out,
      /<dialog class="modal" role="alertdialog" aria-modal="true" aria-labelledby="session-timeout-title" aria-describedby="session-timeout-text">/,
    );
    assert.match(out, /<h2 id="session-timeout-title" class="modal__title">Still there\?<\/h2>/);
    assert.equal(
      text(out.match(/<p id="session-timeout-text"[^>]*>([\s\S]*?)<\/p>/)![1]),
      "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.",
    );
    assert.match(out, /<button type="button" class="btn btn--primary">Continue Working<\/button>/);
    assert.match(out, /<button type="button" class="btn btn--secondary">Log Out<\/button>/);
    assert.match(out, /<button type="button" class="modal__close" aria-label="Close">/);
  });

  test('Continue Working says when it is busy without losing focus', () => {
    const out = renderToString(<SessionTimeoutDialog onContinue={noop} onLogOut={noop} onClose={noop} busy />);
    assert.match(out, /<button type="button" class="btn btn--primary" aria-disabled="true">Continue Working<\/button>/);
  });
});

describe('toasts', () => {
  const t = (config: Parameters<typeof createToast>[0], id: string) => createToast(config, id) as Toast;

  test('an empty live region is in the page from the start, top centre, z-index 10000', () => {
    const out = renderToString(<ToastProvider>content</ToastProvider>);
    assert.match(
      out,
      /content<div class="toast-container toast-container--top-center" style="z-index:10000"><div role="status" aria-live="polite" aria-label="Notifications" class="toast-container__list"><\/div><\/div>/,
    );
  });

  test('a toast shows its variant to screen readers, its label, message, safe links and a close button', () => {
    const out = renderToString(
      <ToastContainer
        toasts={[
          t({ label: 'Your session has timed out. Try again.', variant: 'warning' }, 'a'),
          t(
            {
              label: 'Success',
              message: 'Your cart has been updated.',
              variant: 'success',
              links: [
                { label: 'View cart', href: '/cart' },
                { label: 'Bad', href: 'javascript:alert(1)' },
              ],
            },
            'b',
          ),
          t({ label: 'Pester', mode: 'pester' }, 'c'),
        ]}
      />,
    );
    assert.match(out, /<div class="toast toast--warning" data-mode="sticky">/);
    assert.match(text(out), /Warning: Your session has timed out\. Try again\./);
    assert.match(out, /<p class="toast__message">Your cart has been updated\.<\/p>/);
    assert.match(out, /<a href="\/cart">View cart<\/a>/);
    assert.doesNotMatch(out, /javascript:/);
    assert.equal((out.match(/aria-label="Close"/g) ?? []).length, 2, 'no close button on the pester toast');
  });

  test('a closing toast carries the fade class', () => {
    const closing = { ...t({ label: 'Bye' }, 'a'), state: 'closing' as const };
    assert.match(renderToString(<ToastContainer toasts={[closing]} />), /class="toast toast--info toast--closing"/);
  });
});

describe('TextField', () => {
  test('label, required, hint and error tied to the input', () => {
    const out = renderToString(
      <TextField
        form="f"
        name="email"
        label="Email"
        type="email"
        required
        hint="We never share it."
        error="Complete this field"
      />,
    );
    assert.match(
      out,
      /<label for="f-email" class="field__label">Email<span class="field__required" aria-hidden="true"> \*<\/span><\/label>/,
    );
    const input = out.match(/<input [^>]*>/)![0];
    for (const attr of [
      'type="email"',
      'id="f-email"',
      'name="email"',
      'required=""',
      'aria-invalid="true"',
      'aria-describedby="f-email-hint f-email-error"',
    ]) {
      assert.ok(input.includes(attr), attr);
    }
    assert.match(out, /<p id="f-email-error" class="field__error">Complete this field<\/p>/);
  });

  test('no error: not invalid', () => {
    const out = renderToString(<TextField form="f" name="firstName" label="First name" />);
    assert.doesNotMatch(out, /aria-invalid|field__error/);
  });
});
