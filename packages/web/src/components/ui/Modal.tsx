// A modal dialog (spec 03 §4 "Overlays form a stack"): a native <dialog> opened with showModal(), which
// keeps focus inside it and makes the rest of the page inert; focus goes to the element named (else the
// dialog's first control) and returns where it was when the dialog closes. Mounting opens it, unmounting
// closes it; Escape asks the owner to close it (React decides when it goes).

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { pageOverlays } from '../../lib/overlay-stack.ts';

/** Opens `dialog` as a modal in the page's overlay stack for as long as the calling component is mounted. */
export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  focusRef?: RefObject<HTMLElement | null>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once on mount; refs are stable
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
    focusRef?.current?.focus();
    return () => {
      layer.close();
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (previous?.isConnected && typeof previous.focus === 'function') previous.focus();
    };
  }, []);
}

export interface ModalProps {
  title: string;
  /** Close without acting: the × button and Escape. */
  onClose: () => void;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** Where focus goes on opening (else the browser's choice: the first focusable control). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** alertdialog for a question that needs an answer (a delete confirmation). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children?: ReactNode;
}

export function Modal({
  title,
  onClose,
  closeLabel = 'Close',
  initialFocus,
  role = 'dialog',
  className,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `${useId()}-title`;
  useModalDialog(dialogRef, initialFocus);
  return (
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : 'modal'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
