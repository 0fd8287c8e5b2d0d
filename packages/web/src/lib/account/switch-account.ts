// Switching the account a buyer acts for (spec 01 §1, §4): the session context is changed on the server, the
// choice kept in session storage, and the page reloaded, since every price, list and address on it (and in
// the router's memory) is the old account's. Used by the header's switcher and the account hub's.
import { useCallback } from 'react';
import { createSessionStore } from '@store/client';
import type { ExternalManagedAccount } from '@store/core';
import { useStoreApi } from '../api-context.tsx';

export function useSwitchAccount(): (account: ExternalManagedAccount) => Promise<void> {
  const api = useStoreApi();
  return useCallback(
    async (account: ExternalManagedAccount) => {
      if (!api) return;
      await api.client.updateSessionContext({ effectiveAccountId: account.accountId });
      createSessionStore().setEffectiveAccountFrom(account);
      window.location.reload();
      await new Promise<never>(() => undefined); // stay busy until the page goes
    },
    [api],
  );
}
