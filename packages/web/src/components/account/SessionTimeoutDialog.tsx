// The "Still there?" warning (spec 03 §4 "Session timeout", §8 "Session messages"): a modal alert
// dialog shown about 30 seconds before an idle session ends. A native <dialog> opened with
// showModal() keeps focus inside it and makes the rest of the page inert; focus goes to
// "Continue Working" and returns where it was when the dialog closes.

import { useEffect, useRef } from 'react';
import { pageOverlays } from '../../lib/overlay-stack.ts';
import { SESSION_MESSAGES } from '../../lib/account/session-timeout.ts';

export interface SessionTimeoutDialogProps {
  /** Keep the session: the caller pings the server and resets the timer. */
  onContinue: () => void;
  onLogOut: () => void;
  /** Just close: the timer keeps running. Escape does the same. */
  onClose: () => void;
  /** While "Continue Working" is on its way (aria-disabled, not disabled: focus stays on the button). */
  busy?: boolean;
}

/** Rendered only while the warning is up; mounting opens it, unmounting closes it. */
export function SessionTimeoutDialog({ onContinue, onLogOut, onClose, busy = false }: SessionTimeoutDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    // Its place in the page's overlay stack (9000 up): the top layer already lifts a modal <dialog>,
    // the z-index keeps the order where it does not (the fallback below).
    const layer = pageOverlays.open('overlay');
    dialog.style.zIndex = String(layer.zIndex);
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // very old browsers: at least visible
    }
    continueRef.current?.focus();
    return () => {
      layer.close();
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (previous?.isConnected && typeof previous.focus === 'function') previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-text"
      onCancel={(e) => {
        // Escape: React decides when the dialog goes, so the browser must not close it behind its back.
        e.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id="session-timeout-title" className="modal__title">
          {SESSION_MESSAGES.title}
        </h2>
        <button type="button" className="modal__close" aria-label={SESSION_MESSAGES.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p id="session-timeout-text" className="modal__body">
        {SESSION_MESSAGES.warning}
      </p>
      <div className="modal__footer">
        <button type="button" className="btn btn--secondary" onClick={onLogOut}>
          {SESSION_MESSAGES.logOut}
        </button>
        <button
          ref={continueRef}
          type="button"
          className="btn btn--primary"
          onClick={() => !busy && onContinue()}
          aria-disabled={busy || undefined}
        >
          {SESSION_MESSAGES.continueWorking}
        </button>
      </div>
    </dialog>
  );
}
