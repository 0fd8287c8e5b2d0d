// The header's account links: "Log in" and "Register" for guests (coming back to this page
// afterwards); for a logged-in user a greeting, "My account" (the account hub), "My profile", "Orders", "Subscriptions" and "Log out". Logging out is a plain
// link to the logout address (spec 01 §2): the server ends the session and sends the browser home.

import { createSessionStore } from '@store/client';
import { ACCOUNT_PATH } from '../../lib/account/account-nav.ts';
import { ORDERS_PATH, SUBSCRIPTIONS_PATH } from '../../lib/checkout/order-paths.ts';
import { LOGOUT_PATH, loginHref, PROFILE_PATH, registerHref } from '../../lib/account/return-url.ts';
import type { UserSession } from '../../routes/types.ts';
import { AppLink } from '../ui/AppLink.tsx';

export interface UserNavProps {
  session: Pick<UserSession, 'isGuest' | 'firstName'>;
  /** The page's path and query, for the return address of "Log in". */
  currentPath?: string;
}

/** What session storage holds belongs to the session that is ending. */
function forgetSession() {
  try {
    createSessionStore().clear();
  } catch {
    // never stand in the way of logging out
  }
}

export function UserNav({ session, currentPath }: UserNavProps) {
  return (
    <nav aria-label="Your account" className="user-nav">
      <ul className="user-nav__list">
        {session.isGuest ? (
          <>
            <li>
              <AppLink href={loginHref(currentPath)}>Log in</AppLink>
            </li>
            <li>
              <AppLink href={registerHref(currentPath)}>Register</AppLink>
            </li>
          </>
        ) : (
          <>
            <li className="user-nav__greeting">{session.firstName ? `Hi, ${session.firstName}` : 'Hi'}</li>
            <li>
              <AppLink href={ACCOUNT_PATH}>My account</AppLink>
            </li>
            <li>
              <AppLink href={PROFILE_PATH}>My profile</AppLink>
            </li>
            <li>
              <AppLink href={ORDERS_PATH}>Orders</AppLink>
            </li>
            <li>
              <AppLink href={SUBSCRIPTIONS_PATH}>Subscriptions</AppLink>
            </li>
            <li>
              <a href={LOGOUT_PATH} onClick={forgetSession}>
                Log out
              </a>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
