// The access guard of the catalogue ('access' route): on every page, so kept apart from the account pages'
// code (their own chunk).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { loginHref, pathOfRequest } from '../../lib/account/return-url.ts';

/** Pages below it need a logged-in user when guest browsing is off; the redirect keeps the address. */
export function createAccessLoader(getApi: () => StoreApi) {
  return async function accessLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const viewer = await getApi().viewer();
    if (viewer.session.isGuest && !viewer.guestBrowsingEnabled) throw redirect(loginHref(pathOfRequest(request.url)));
    return null;
  };
}
