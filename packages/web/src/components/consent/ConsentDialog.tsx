// The cookie settings dialog (spec 01 §9), opened from the banner or from "Cookie settings" in the footer of
// every page. Its content (ConsentSettings) is loaded when it is first opened: most visits never open it, and
// the page's start-up code stays smaller.
import { useConsent } from '../../lib/signals/consent-context.tsx';
import { useLoadedOnNeed } from '../../lib/loaded-on-need.ts';

export function ConsentDialog() {
  const consent = useConsent();
  const open = consent.enabled && consent.settingsOpen;
  const Settings = useLoadedOnNeed(open, () => import('./ConsentSettings.tsx').then((m) => m.ConsentSettings));
  return open && Settings ? <Settings /> : null;
}
