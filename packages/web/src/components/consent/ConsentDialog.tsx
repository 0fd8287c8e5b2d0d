// The cookie settings dialog (spec 01 §9), opened from the banner or from "Cookie settings" in the footer of
// every page. Its content (ConsentSettings) is loaded when it is first opened: most visits never open it, and
// the page's start-up code stays smaller.
import { useEffect, useState } from 'react';
import { useConsent } from '../../lib/signals/consent-context.tsx';
import type { ConsentSettings as ConsentSettingsComponent } from './ConsentSettings.tsx';

export function ConsentDialog() {
  const consent = useConsent();
  const open = consent.enabled && consent.settingsOpen;
  const [Settings, setSettings] = useState<typeof ConsentSettingsComponent | null>(null);
  useEffect(() => {
    if (!open || Settings) return;
    let live = true;
    void import('./ConsentSettings.tsx').then((m) => {
      if (live) setSettings(() => m.ConsentSettings);
    });
    return () => {
      live = false;
    };
  }, [open, Settings]);
  return open && Settings ? <Settings /> : null;
}
