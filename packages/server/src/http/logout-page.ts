// The page /webruntime/logout answers when it cannot tell that the shopper asked to log out: a link on
// another site, or a browser that sends no fetch metadata. A GET cannot carry a CSRF token, so it changes
// nothing; the page asks instead, with a form that posts the session's token back. No script, no styles
// beyond the browser's: it works whatever the page's Content-Security-Policy.
import { escapeHtml } from '@store/core';

export const LOGOUT_FORM_FIELD = 'csrfToken';

export function logoutConfirmationPage(action: string, csrfToken: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Log out?</title></head>
<body>
<main>
<h1>Log out?</h1>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${LOGOUT_FORM_FIELD}" value="${escapeHtml(csrfToken)}">
<button type="submit">Log out</button>
<a href="/">Stay logged in</a>
</form>
</main>
</body>
</html>
`;
}
