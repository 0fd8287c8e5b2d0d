// Browser-side upkeep of the session on every page load: the timed-out toast left by the previous
// page (spec 03 §8), the guest-cart merge warning left by the login (spec 02 §4), session storage kept
// in step with the server's session (spec 01 §3), and the idle clock for a logged-in user
// (./SessionTimeout.tsx). Renders nothing on the server.

import { useEffect } from 'react';
import { createSessionStore } from '@store/client';
import { cartMergeToast, takeCartMergeErrors } from '../../lib/cart/cart-merge.ts';
import { SESSION_MESSAGES, takeSessionTimedOut } from '../../lib/account/session-timeout.ts';
import type { RootData } from '../../routes/types.ts';
import { useLoadedOnNeed } from '../../lib/loaded-on-need.ts';
import { useToast } from '../ui/Toast.tsx';

export function SessionEffects({ data }: { data: RootData }) {
  const toast = useToast();
  const { session, managedAccounts } = data;

  useEffect(() => {
    if (takeSessionTimedOut()) toast.show({ label: SESSION_MESSAGES.timedOut, variant: 'warning' });
    const notMerged = takeCartMergeErrors();
    if (notMerged > 0) toast.show(cartMergeToast(notMerged));
  }, [toast]);

  useEffect(() => {
    try {
      const store = createSessionStore();
      if (session.isGuest || !session.effectiveAccountId) {
        store.clearEffectiveAccount();
        return;
      }
      const listed = managedAccounts.find((a) => a.accountId === session.effectiveAccountId);
      if (listed) store.setEffectiveAccountFrom(listed);
      else {
        store.setEffectiveAccount({
          id: session.effectiveAccountId,
          name: session.effectiveAccountName ?? '',
          isCurrentUserDefaultAccount: session.effectiveAccountId === session.accountId,
          address: null,
        });
      }
    } catch {
      // storage is a convenience; the page works without it
    }
  }, [session.isGuest, session.effectiveAccountId, session.effectiveAccountName, session.accountId, managedAccounts]);

  // The idle clock and its warning are loaded for a signed-in user only, after the page's start: a guest (most
  // first visits) never downloads them, and they show nothing until the session has been idle for a while.
  const signedIn = !session.isGuest && !!session.idleTimeoutSeconds;
  const SessionTimeout = useLoadedOnNeed(signedIn, () => import('./SessionTimeout.tsx').then((m) => m.SessionTimeout));

  return signedIn && SessionTimeout ? <SessionTimeout idleTimeoutSeconds={session.idleTimeoutSeconds!} /> : null;
}
