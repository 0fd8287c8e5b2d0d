// Runs the idle clock of a logged-in session (spec 03 §4 "Session timeout"): every answer from the
// API counts as activity, as do other tabs' answers (shared through localStorage); the warning
// dialog comes up 30 s before the end; at the end the page marks the timeout and goes to logout,
// and the next page tells the shopper with a toast (components/SessionNotices.tsx).

import { useCallback, useEffect, useRef, useState } from 'react';
import { createIdleTracker, createSessionStore, type IdleTracker } from '@store/client';
import { useStoreApi } from '../../lib/api-context.tsx';
import { LOGOUT_PATH } from '../../lib/account/return-url.ts';
import { LAST_ACTIVITY_KEY, markSessionTimedOut, sharedActivity } from '../../lib/account/session-timeout.ts';
import { SessionTimeoutDialog } from './SessionTimeoutDialog.tsx';

/** Leaves the page for the logout address (a full navigation: the server ends the session and redirects). */
function goToLogout() {
  createSessionStore().clear();
  window.location.assign(LOGOUT_PATH);
}

export function SessionTimeout({ idleTimeoutSeconds }: { idleTimeoutSeconds: number }) {
  const api = useStoreApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const trackerRef = useRef<IdleTracker | null>(null);

  useEffect(() => {
    if (!api || !(idleTimeoutSeconds > 0)) return;
    const shared = sharedActivity();
    const tracker = createIdleTracker({
      idleTimeoutSeconds,
      sharedActivity: shared.read,
      onWarning: () => setOpen(true),
      onActive: () => setOpen(false),
      onTimeout: () => {
        setOpen(false);
        markSessionTimedOut();
        goToLogout();
      },
    });
    trackerRef.current = tracker;
    shared.write(Date.now());

    const stopListening = api.onActivity(() => {
      const at = Date.now();
      shared.write(at);
      tracker.activity(at);
    });
    const onStorage = (e: StorageEvent) => {
      if (e.key === LAST_ACTIVITY_KEY && e.newValue) tracker.activity(Number(e.newValue));
    };
    // Background tabs get their timers throttled: look at the clock again when the tab is back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') tracker.check();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      tracker.stop();
      trackerRef.current = null;
      stopListening();
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, idleTimeoutSeconds]);

  const onContinue = useCallback(async () => {
    if (!api) return;
    setBusy(true);
    try {
      // Any request keeps the server session alive; its answer resets the clock (onActivity above).
      const session = await api.client.getSessionContext();
      if (session.guestUser !== false) {
        // The server had already ended the session: say so on the next page, as a timeout would.
        markSessionTimedOut();
        goToLogout();
        return;
      }
      trackerRef.current?.activity();
      setOpen(false);
    } catch {
      // Network trouble: keep the dialog, the shopper can try again or log out.
    } finally {
      setBusy(false);
    }
  }, [api]);

  if (!open) return null;
  return (
    <SessionTimeoutDialog busy={busy} onContinue={onContinue} onLogOut={goToLogout} onClose={() => setOpen(false)} />
  );
}
