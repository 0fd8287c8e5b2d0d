// The shopper's consent in the page: the choice (from the cookie the server read, then the browser's), whether
// the store asks for it at all (application context shopperConsentEnabled), and the settings dialog's state.
// The banner, the dialog, the footer's "Cookie settings" and the activity sender all read it from here, so a
// change (withdrawing statistics) takes effect everywhere at once.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ConsentCategory, ConsentChoice } from '@store/core';
import { writeConsentCookie } from './consent-cookie.ts';

export interface ConsentState {
  /** The store asks shoppers for consent (banner, footer link). Off: nothing is asked and nothing tracked. */
  enabled: boolean;
  /** The shopper's choice, null until they make one. */
  choice: ConsentChoice | null;
  settingsOpen: boolean;
  choose(categories: readonly ConsentCategory[]): void;
  openSettings(): void;
  closeSettings(): void;
}

const NO_CONSENT: ConsentState = {
  enabled: false,
  choice: null,
  settingsOpen: false,
  choose() {},
  openSettings() {},
  closeSettings() {},
};

const ConsentContext = createContext<ConsentState>(NO_CONSENT);

export const useConsent = (): ConsentState => useContext(ConsentContext);

export function ConsentProvider({
  enabled,
  initial,
  children,
}: {
  enabled: boolean;
  initial: ConsentChoice | null;
  children?: ReactNode;
}) {
  const [choice, setChoice] = useState(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const choose = useCallback((categories: readonly ConsentCategory[]) => {
    setChoice(writeConsentCookie(categories));
    setSettingsOpen(false);
  }, []);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const value = useMemo(
    () => ({ enabled, choice, settingsOpen, choose, openSettings, closeSettings }),
    [enabled, choice, settingsOpen, choose, openSettings, closeSettings],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
