// Toasts on screen (spec 03 §4 "Toast"): a provider that owns the queue (lib/toast-queue.ts), the
// useToast() hook for components, and a window event for code outside React. One container per
// page (a provider inside another adds none of its own), top centre by default, above every overlay
// (z-index 10000, lib/overlay-stack.ts). A component may set the container's maximum and position,
// as the add-to-cart control does (5, top centre: spec 03 §9).

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  closeToast,
  createToast,
  emptyToastQueue,
  normalizePosition,
  pushToast,
  removeToast,
  resizeToastQueue,
  TOAST_FADE_MS,
  TOAST_Z_INDEX,
  type Toast,
  type ToastConfig,
  type ToastPosition,
  type ToastQueue,
} from '../../lib/toast-queue.ts';
import { safeHref } from '../../lib/links.ts';
import { cx } from './classes.ts';

export interface ToastApi {
  /** Shows (or queues) a toast; its id, or null when the config is unusable (the reason is logged). */
  show(config: ToastConfig): string | null;
  /** Starts closing a toast (fade, then removal and its onClose). */
  close(id: string): void;
  /** Sets the container's maximum (at least 1) and position; what is left out stays as it is. */
  configure(settings: ToastSettings): void;
}

export interface ToastSettings {
  max?: number;
  position?: ToastPosition;
}

/** `window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: config }))` shows a toast from anywhere. */
export const TOAST_EVENT = 'store:toast';

export function showToast(config: ToastConfig): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: config }));
}

const VARIANT_NAMES = { info: 'Info', success: 'Success', warning: 'Warning', error: 'Error' } as const;

const ToastContext = createContext<ToastApi | null>(null);

const withoutProvider: ToastApi = {
  show: () => {
    console.error('Unable to show toast, missing toast container.');
    return null;
  },
  close: () => undefined,
  configure: () => undefined,
};

export function useToast(): ToastApi {
  return useContext(ToastContext) ?? withoutProvider;
}

/** Applies settings to the page's one container for as long as the calling component is mounted. */
export function useToastSettings(settings: ToastSettings): void {
  const { configure } = useToast();
  const { max, position } = settings;
  useEffect(() => configure({ max, position }), [configure, max, position]);
}

type Action =
  | { type: 'push'; toast: Toast }
  | { type: 'close'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'max'; max: number };

function reducer(queue: ToastQueue, action: Action): ToastQueue {
  if (action.type === 'push') return pushToast(queue, action.toast);
  if (action.type === 'close') return closeToast(queue, action.id);
  if (action.type === 'max') return resizeToastQueue(queue, action.max);
  return removeToast(queue, action.id);
}

export interface ToastProviderProps {
  /** Most toasts on screen at once (at least 1, default 3); the rest wait. */
  max?: number;
  position?: ToastPosition;
  children?: ReactNode;
}

export function ToastProvider(props: ToastProviderProps) {
  // Spec 03 §4: a toast container is limited to one. An inner provider hands its settings to the outer one.
  const outer = useContext(ToastContext);
  return outer ? <NestedToastProvider {...props} /> : <ToastContainerProvider {...props} />;
}

function NestedToastProvider({ max, position, children }: ToastProviderProps) {
  useToastSettings({ max, position });
  return <>{children}</>;
}

function ToastContainerProvider({ max, position: initialPosition, children }: ToastProviderProps) {
  const [queue, dispatch] = useReducer(reducer, max, emptyToastQueue);
  const [position, setPosition] = useState(initialPosition);
  const counter = useRef(0);

  const show = useCallback((config: ToastConfig) => {
    const toast = createToast(config, `toast-${++counter.current}`);
    if ('error' in toast) {
      console.error(toast.error);
      return null;
    }
    dispatch({ type: 'push', toast });
    return toast.id;
  }, []);
  const close = useCallback((id: string) => dispatch({ type: 'close', id }), []);
  const configure = useCallback((settings: ToastSettings) => {
    if (settings.max !== undefined) dispatch({ type: 'max', max: settings.max });
    if (settings.position !== undefined) setPosition(settings.position);
  }, []);
  const faded = useCallback((toast: Toast) => {
    dispatch({ type: 'remove', id: toast.id });
    toast.onClose?.();
  }, []);

  useEffect(() => {
    const onEvent = (e: Event) => void show((e as CustomEvent<ToastConfig>).detail);
    window.addEventListener(TOAST_EVENT, onEvent);
    return () => window.removeEventListener(TOAST_EVENT, onEvent);
  }, [show]);

  const api = useMemo(() => ({ show, close, configure }), [show, close, configure]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer toasts={queue.shown} position={normalizePosition(position)} onClose={close} onFaded={faded} />
    </ToastContext.Provider>
  );
}

export interface ToastContainerProps {
  toasts: Toast[];
  position?: ToastPosition;
  onClose?: (id: string) => void;
  onFaded?: (toast: Toast) => void;
}

/**
 * The live region is always in the page, even empty: screen readers announce what is added to a
 * region they already know, not a region that appears with its content.
 */
export function ToastContainer({ toasts, position = 'top-center', onClose, onFaded }: ToastContainerProps) {
  return (
    <div className={cx('toast-container', `toast-container--${position}`)} style={{ zIndex: TOAST_Z_INDEX }}>
      <div role="status" aria-live="polite" aria-label="Notifications" className="toast-container__list">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={onClose} onFaded={onFaded} />
        ))}
      </div>
    </div>
  );
}

function ToastItem({
  toast,
  onClose,
  onFaded,
}: {
  toast: Toast;
  onClose?: (id: string) => void;
  onFaded?: (toast: Toast) => void;
}) {
  // Reading or using a toast (pointer over it, focus in it) holds its auto-close, so a link in it can
  // be reached (WCAG 2.2.1); leaving restarts the full time.
  const [held, setHeld] = useState(false);
  const { id, autoCloseMs, state } = toast;

  useEffect(() => {
    if (state !== 'shown' || autoCloseMs === null || held) return;
    const timer = setTimeout(() => onClose?.(id), autoCloseMs);
    return () => clearTimeout(timer);
  }, [id, autoCloseMs, state, held, onClose]);

  useEffect(() => {
    if (state !== 'closing') return;
    const timer = setTimeout(() => onFaded?.(toast), TOAST_FADE_MS);
    return () => clearTimeout(timer);
  }, [state, toast, onFaded]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only holds the toast open; its close button is the keyboard control
    <div
      className={cx('toast', `toast--${toast.variant}`, state === 'closing' && 'toast--closing')}
      data-mode={toast.mode}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="toast__body">
        <span className="sr-only">{`${VARIANT_NAMES[toast.variant]}: `}</span>
        {toast.label ? <strong className="toast__label">{toast.label}</strong> : null}
        {toast.message ? <p className="toast__message">{toast.message}</p> : null}
        {toast.links.length ? (
          <p className="toast__links">
            {toast.links.map((l) => {
              const href = safeHref(l.href);
              return href ? (
                <a key={href + l.label} href={href}>
                  {l.label}
                </a>
              ) : null;
            })}
          </p>
        ) : null}
      </div>
      {toast.closable ? (
        <button type="button" className="toast__close" aria-label="Close" onClick={() => onClose?.(id)}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
