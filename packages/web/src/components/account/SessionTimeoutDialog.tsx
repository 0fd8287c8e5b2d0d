// The "Still there?" warning (spec 03 §4 "Session timeout", §8 "Session messages"): a modal alert
// dialog shown about 30 seconds before an idle session ends. A native <dialog> opened with
// showModal() keeps focus inside it and makes the rest of the page inert; focus goes to
// "Continue Working" and returns where it was when the dialog closes.

import { useRef } from 'react';
import { useModalDialog } from '../ui/Modal.tsx';
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

  useModalDialog(dialogRef, continueRef);

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
