import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderPage } from '../../server/render.tsx';
import { FORM_MESSAGES } from '../../lib/forms.ts';
import { toUserSession } from '../../lib/account/viewer.ts';
import {
  buyerSession,
  consumerSession,
  CONTOSO,
  fakeApiFetch,
  MANAGED_ACCOUNTS,
  PRODUCT_ID,
  SNAPSHOT_ID,
  TEMPLATE,
  WEBSTORE_ID,
} from '../../test-support/fixtures.ts';
import { LoginPage } from './LoginPage.tsx';
import { ProfilePage, PROFILE_SAVED_MESSAGE } from './ProfilePage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { ConfirmRegistrationPage } from './ConfirmRegistrationPage.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';

async function get(url: string, opts: Parameters<typeof fakeApiFetch>[0] = {}) {
  const fetch = fakeApiFetch(opts);
  const res = await renderPage(
    { url, headers: { host: 'shop.example.com' } },
    { fetch, template: TEMPLATE, webstoreId: WEBSTORE_ID },
  );
  return { ...res, body: res.body.replace(/ data-discover="true"/g, '').replace(/<!-- -->/g, ''), calls: fetch.calls };
}
const bootData = (body: string) =>
  JSON.parse(body.match(/<script type="application\/json" id="__store_data">([\s\S]*?)<\/script>/)![1]);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

/** A page component inside a router, as the route renders it (Form needs one). */
function inRouter(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return renderToString(<RouterProvider router={router} />);
}

describe('shared guest catalogue (spec 01 §6)', () => {
  test('with one entitlement policy a logged-in shopper reads the product from the shared snapshot', async () => {
    const shared = await get(`/product/${PRODUCT_ID}`, {
      session: consumerSession(),
      usesSingleEntitlementPolicy: true,
    });
    assert.equal(shared.status, 200);
    assert.ok(
      shared.calls.some((c) => c.includes(`/versions/${SNAPSHOT_ID}/products/${PRODUCT_ID}`)),
      shared.calls.join('\n'),
    );
    const own = await get(`/product/${PRODUCT_ID}`, { session: consumerSession() });
    assert.equal(own.status, 200);
    assert.ok(
      own.calls.some((c) => c.endsWith(`/products/${PRODUCT_ID}`) && !c.includes('/versions/')),
      'several policies: the account-scoped call',
    );
    assert.ok(!own.calls.some((c) => c.includes('/versions/')));
  });
});

describe('currency (spec 01 §4)', () => {
  test("prices are asked in the store's only supported currency", async () => {
    const res = await get(`/product/${PRODUCT_ID}`);
    assert.ok(
      res.calls.some((c) => c.includes(`/pricing/products/${PRODUCT_ID}?`) && c.includes('currencyIsoCode=USD')),
      res.calls.join('\n'),
    );
  });
});

describe('root data', () => {
  test('a guest: no user, no accounts, guest browsing as the store says', async () => {
    const root = bootData((await get('/')).body).hydration.loaderData.root;
    assert.equal(root.session.isGuest, true);
    assert.equal(root.session.userId, null);
    assert.deepEqual(root.managedAccounts, []);
    assert.equal(root.canSwitchAccount, false);
    assert.equal(root.guestBrowsingEnabled, true);
  });

  test('a buyer: first name, accounts, idle timeout, switcher in the header', async () => {
    const res = await get('/', { session: buyerSession(CONTOSO), managedAccounts: MANAGED_ACCOUNTS });
    const root = bootData(res.body).hydration.loaderData.root;
    assert.equal(root.session.firstName, 'Morgan');
    assert.equal(root.session.accountId, '001000000000002AAA');
    assert.equal(root.session.effectiveAccountId, CONTOSO);
    assert.equal(root.session.effectiveAccountName, 'Contoso Dental Group');
    assert.equal(root.session.idleTimeoutSeconds, 1800);
    assert.equal(root.canSwitchAccount, true);
    assert.equal(root.managedAccounts.length, 3);
    assert.match(res.body, /<option value="001000000000003AAA" selected="">Contoso Dental Group<\/option>/);
    assert.match(res.body, /Hi, Morgan/);
  });

  test('a consumer with one account: no switcher, but the greeting and "Log out"', async () => {
    const res = await get('/', { session: consumerSession() });
    assert.equal(bootData(res.body).hydration.loaderData.root.canSwitchAccount, false);
    assert.doesNotMatch(res.body, /<select/);
    assert.match(res.body, /Hi, Casey.*<a href="\/webruntime\/logout">Log out<\/a>/s);
  });
});

describe('guest browsing off', () => {
  test('a guest is sent to log in from any catalogue page, keeping the address', async () => {
    const product = await get(`/product/${PRODUCT_ID}`, { guestBrowsingEnabled: false });
    assert.equal(product.status, 302);
    assert.equal(product.headers.location, `/login?returnUrl=/product/${PRODUCT_ID}`);
    const category = await get('/category/healthcare?page=2', { guestBrowsingEnabled: false });
    assert.equal(category.headers.location, '/login?returnUrl=/category/healthcare%3Fpage%3D2');
    const home = await get('/', { guestBrowsingEnabled: false });
    assert.equal(home.status, 302);
    assert.equal(home.headers.location, '/login');
    const unknown = await get('/no/such/page', { guestBrowsingEnabled: false });
    assert.equal(unknown.status, 302);
  });

  test('login and register stay open', async () => {
    for (const url of ['/login?returnUrl=/product/x', '/register']) {
      const res = await get(url, { guestBrowsingEnabled: false });
      assert.equal(res.status, 200, url);
    }
  });

  test('a logged-in user browses as usual', async () => {
    const res = await get(`/product/${PRODUCT_ID}`, { guestBrowsingEnabled: false, session: consumerSession() });
    assert.equal(res.status, 200);
    assert.match(res.body, /US Dentists, Email and Phone/);
  });
});

describe('/login', () => {
  test('email, password and "Log in"; noindex; the safe return address travels with the form', async () => {
    const res = await get('/login?returnUrl=/product/01t000000000001AAA');
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Log in \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    const main = mainOf(res.body);
    assert.match(main, /<h1 id="login-title">Log in<\/h1>/);
    assert.match(
      main,
      /<form class="form" novalidate="" aria-labelledby="login-title" action="\/login\?returnUrl=\/product\/01t000000000001AAA" method="post">/i,
    );
    assert.match(main, /<input type="hidden" name="returnUrl" value="\/product\/01t000000000001AAA"\/>/);
    assert.match(main, /<label for="login-email" class="field__label">Email/);
    assert.match(main, /<input type="email"[^>]*autocomplete="username"/i);
    assert.match(main, /<label for="login-password" class="field__label">Password/);
    assert.match(main, /type="password"[^>]*autocomplete="current-password"/i);
    assert.match(main, /<button type="submit" class="btn btn--primary btn--stretch">Log in<\/button>/);
    assert.match(main, /<a href="\/register\?returnUrl=\/product\/01t000000000001AAA">Create an account<\/a>/);
  });

  test('an unsafe return address becomes the home page', async () => {
    const res = await get('/login?returnUrl=https://evil.example/');
    assert.match(res.body, /<input type="hidden" name="returnUrl" value="\/"\/>/);
    assert.doesNotMatch(mainOf(res.body), /evil/);
  });

  test('someone already logged in goes straight to the return address', async () => {
    const res = await get('/login?returnUrl=/category/healthcare', { session: consumerSession() });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/category/healthcare');
  });

  test("the server's message and field messages are shown, the email kept", () => {
    const message = 'Your login attempt has failed. Make sure the username and password are correct.';
    const out = inRouter(
      <LoginPage
        data={{ returnUrl: '/' }}
        result={{ formError: message, values: { email: 'morgan@northwind.example' } }}
      />,
    );
    assert.match(
      out,
      new RegExp(`<p id="login-error" class="form-alert form-alert--error" role="alert" tabindex="-1">${message}</p>`),
    );
    assert.match(out, /value="morgan@northwind.example"/);
    const invalid = inRouter(
      <LoginPage
        data={{ returnUrl: '/' }}
        result={{ fieldErrors: { email: FORM_MESSAGES.badEmailInput, password: 'Complete this field' } }}
      />,
    );
    assert.match(
      invalid,
      /<p id="login-email-error" class="field__error">Enter a valid email address, such as you@example.com<\/p>/,
    );
    assert.match(invalid, /<p id="login-password-error" class="field__error">Complete this field<\/p>/);
  });
});

describe('/register', () => {
  test('first name, last name, email and password with its rule; noindex', async () => {
    const res = await get('/register');
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Create an account \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    const main = mainOf(res.body);
    for (const [name, label] of [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email'],
      ['password', 'Password'],
    ]) {
      assert.match(main, new RegExp(`<label for="register-${name}" class="field__label">${label}<`), name);
      assert.match(main, new RegExp(`name="${name}"`), name);
    }
    assert.match(main, /autocomplete="new-password"/i);
    assert.match(text(main), /At least 8 characters, with a letter and a number\./);
    assert.match(main, />Create account<\/button>/);
    assert.match(main, /<a href="\/login">Log in<\/a>/);
  });

  test('spec 01 §5 messages under the fields, a taken email under the email field', () => {
    const out = inRouter(
      <RegisterPage
        data={{ returnUrl: '/' }}
        result={{
          fieldErrors: { firstName: 'Complete this field', email: 'An account with this email already exists.' },
          values: { firstName: '', lastName: 'Lovelace', email: 'ada@example.com' },
        }}
      />,
    );
    assert.match(out, /<p id="register-firstName-error" class="field__error">Complete this field<\/p>/);
    assert.match(
      out,
      /<p id="register-email-error" class="field__error">An account with this email already exists.<\/p>/,
    );
    assert.match(out, /value="Lovelace"/);
    assert.doesNotMatch(out, /type="password"[^>]*value=/, 'a password is never put back');
  });
});

describe('after registering, and the confirmation link', () => {
  test('a sent registration says to check the inbox instead of showing the form', () => {
    const out = inRouter(
      <RegisterPage
        data={{ returnUrl: '/' }}
        result={{ notice: 'Check your inbox: we sent you an email.', values: { email: 'ada@example.com' } }}
      />,
    );
    assert.match(out, /<h1 id="register-title">Check your inbox<\/h1>/);
    assert.match(out, /role="status"[^>]*>Check your inbox: we sent you an email.<\/p>/);
    assert.match(out, /<strong>ada@example.com<\/strong>/);
    assert.doesNotMatch(out, /type="password"/);
  });

  test('the link\u2019s page posts its token with one button; a refusal shows the server\u2019s message', () => {
    const out = inRouter(<ConfirmRegistrationPage data={{ token: 'tok-123' }} />);
    assert.match(out, /<input type="hidden" name="token" value="tok-123"\/>/);
    assert.match(out, />Finish creating my account<\/button>/);
    const refused = inRouter(
      <ConfirmRegistrationPage
        data={{ token: 'tok-123' }}
        result={{ formError: 'This confirmation link is not valid any more.' }}
      />,
    );
    assert.match(refused, /role="alert"[^>]*>This confirmation link is not valid any more.<\/p>/);
    assert.match(inRouter(<ConfirmRegistrationPage data={{ token: '' }} />), /This link is incomplete/);
  });
});

describe('/profile', () => {
  test('a guest is sent to log in and back', async () => {
    const res = await get('/profile');
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/login?returnUrl=/profile');
  });

  test('a buyer sees name, email, own account and the accounts with the current one marked', async () => {
    const res = await get('/profile', { session: buyerSession(CONTOSO), managedAccounts: MANAGED_ACCOUNTS });
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>My profile \| Data Depot<\/title>/);
    const main = mainOf(res.body);
    const t = text(main);
    assert.match(
      t,
      /Name Morgan Lee Email morgan@northwind.example Account Northwind Traders Acting for Contoso Dental Group/,
    );
    assert.match(
      main,
      /<li class="account-list__item account-list__item--current" aria-current="true"><span class="account-list__name">Contoso Dental Group<\/span><span class="badge badge--current">Current<\/span>/,
    );
    assert.match(
      main,
      /<span class="account-list__name">Northwind Traders<\/span><span class="badge">Your account<\/span>/,
    );
    assert.equal((main.match(/aria-current="true"/g) ?? []).length, 1);
    assert.match(main, /name="firstName"[^>]*value="Morgan"|value="Morgan"[^>]*name="firstName"/);
    assert.match(main, />Save<\/button>/);
  });

  test('a consumer sees their details and no account list', async () => {
    const res = await get('/profile', { session: consumerSession() });
    const main = mainOf(res.body);
    assert.match(text(main), /Name Casey Jordan Email casey@example.com Account Casey Jordan/);
    assert.doesNotMatch(main, /Your accounts|Acting for/);
  });

  test('after saving: a status message', () => {
    const out = inRouter(
      <ProfilePage
        data={{ session: toUserSession(consumerSession()), managedAccounts: [] }}
        result={{ saved: true }}
      />,
    );
    assert.match(
      out,
      new RegExp(
        `<p id="profile-saved" class="form-alert form-alert--success" role="status" tabindex="-1">${PROFILE_SAVED_MESSAGE}</p>`,
      ),
    );
  });
});

describe('password pages (issue 17)', () => {
  test('the login page links to "Forgot your password?"', async () => {
    const main = mainOf((await get('/login')).body);
    assert.match(main, /<a href="\/forgot-password">Forgot your password\?<\/a>/);
  });

  test('/forgot-password: an email field, noindex, open to guests when guest browsing is off', async () => {
    const res = await get('/forgot-password', { guestBrowsingEnabled: false });
    assert.equal(res.status, 200);
    assert.match(res.body, /<title>Forgot your password\? \| Data Depot<\/title>/);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    const main = mainOf(res.body);
    assert.match(main, /<label for="forgot-email" class="field__label">Email/);
    assert.match(main, />Send me a link<\/button>/);
    const sent = inRouter(
      <ForgotPasswordPage
        result={{ notice: 'If an account exists for a@b.co, we sent…', values: { email: 'a@b.co' } }}
      />,
    );
    assert.match(sent, /role="status"[^>]*>If an account exists for a@b.co, we sent…<\/p>/);
    assert.doesNotMatch(sent, /<form/);
    const refused = inRouter(<ForgotPasswordPage result={{ formError: 'Too many password reset requests.' }} />);
    assert.match(refused, /role="alert"[^>]*>Too many password reset requests.<\/p>/);
  });

  test('/password-reset?token=…: new password with the rule, confirmation; the token only in the form; noindex', async () => {
    const res = await get('/password-reset?token=tok-abc');
    assert.equal(res.status, 200);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    assert.match(res.body, /<link rel="canonical" href="http:\/\/shop.example.com\/password-reset">/);
    const main = mainOf(res.body);
    assert.match(main, /<input type="hidden" name="token" value="tok-abc"\/>/);
    // The token is in the hidden field and in the form's action, which is this same address; nowhere else.
    assert.match(main, /<form [^>]*action="\/password-reset\?token=tok-abc" method="post">/);
    assert.equal(main.split('tok-abc').length - 1, 2, 'no other link or address carries it');
    assert.match(main, /<label for="reset-password" class="field__label">New password/);
    assert.match(main, /At least 8 characters, with a letter and a number./);
    assert.match(main, /<label for="reset-confirmPassword" class="field__label">Confirm new password/);
    assert.match(main, /type="password"[^>]*autocomplete="new-password"/i);
    assert.match(main, /<a href="\/forgot-password">Ask for a new link<\/a>/);

    const done = inRouter(<ResetPasswordPage data={{ token: 't' }} result={{ saved: true }} />);
    assert.match(done, /Your password has been changed/);
    assert.match(done, /<a href="\/login"[^>]*>Log in<\/a>/);
    const used = inRouter(<ResetPasswordPage data={{ token: 't' }} result={{ formError: 'This link is used.' }} />);
    assert.match(used, /role="alert"[^>]*>This link is used.<\/p>/);
    assert.match(used, /Ask for a new link/);
    assert.match(inRouter(<ResetPasswordPage data={{ token: '' }} />), /This link is incomplete/);
  });

  test('/account/password: a guest is sent to log in and back; a shopper gets the three fields', async () => {
    const guest = await get('/account/password');
    assert.equal(guest.status, 302);
    assert.equal(guest.headers.location, '/login?returnUrl=/account/password');
    const res = await get('/account/password', { session: consumerSession() });
    assert.equal(res.status, 200);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
    const main = mainOf(res.body);
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      assert.match(main, new RegExp(`class="field__label">${label}`));
    assert.match(main, /type="password"[^>]*autocomplete="current-password"/i);
    const done = inRouter(<ChangePasswordPage result={{ saved: true, notice: 'Other devices were logged out.' }} />);
    assert.match(done, /role="status"[^>]*>Other devices were logged out.<\/p>/);
    const wrong = inRouter(<ChangePasswordPage result={{ fieldErrors: { currentPassword: 'Not correct.' } }} />);
    assert.match(wrong, /aria-invalid="true"/);
    assert.match(wrong, /Not correct./);
  });
});
