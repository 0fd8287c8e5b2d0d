// Toasts without React (spec 03 §4 "Toast", §5 "Toast and notice", §9): what a toast config means,
// how long a toast stays, and the queue that shows at most `max` at once. The provider in
// components/ui/Toast.tsx drives it; the cart issue reuses it.

import { OVERLAY_Z_START } from './overlay-stack.ts';

export const TOAST_VARIANTS = ['info', 'success', 'warning', 'error'] as const;
export const TOAST_MODES = ['dismissible', 'pester', 'sticky'] as const;
export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];
export type ToastMode = (typeof TOAST_MODES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Spec 03 §9. */
export const TOAST_AUTO_CLOSE_MS = 4800;
export const TOAST_AUTO_CLOSE_WITH_LINK_MS = 9600;
export const TOAST_FADE_MS = 400;
export const DEFAULT_MAX_TOASTS = 3;
/** The toast container's place in the overlay stack (lib/overlay-stack.ts): above every overlay. */
export const TOAST_Z_INDEX = OVERLAY_Z_START.toast;
/** What the add-to-cart control sets the container to (spec 03 §9). */
export const ADD_TO_CART_TOASTS = { max: 5, position: 'top-center' } as const;
export const DEFAULT_TOAST_POSITION: ToastPosition = 'top-center';

export const TOAST_ERRORS = {
  missingConfig: 'Unable to show toast, missing toast config.',
  missingLabel: 'Unable to show toast, missing property: label.',
  notText: 'Unable to show toast, label and message must be strings.',
} as const;

export interface ToastLink {
  label: string;
  href: string;
}

export interface ToastConfig {
  /** The headline. `title` is accepted for the platform's form of the same thing. */
  label?: string;
  title?: string;
  message?: string;
  variant?: ToastVariant;
  mode?: ToastMode;
  links?: ToastLink[];
  /** Called once the toast has faded out ("a close event fires"). */
  onClose?: () => void;
}

export interface Toast {
  id: string;
  label: string | null;
  message: string | null;
  variant: ToastVariant;
  mode: ToastMode;
  links: ToastLink[];
  /** null: stays until closed. */
  autoCloseMs: number | null;
  /** Whether the shopper gets a close button (not for pester). */
  closable: boolean;
  /** 'closing' while it fades (TOAST_FADE_MS), then it is removed. */
  state: 'shown' | 'closing';
  onClose?: () => void;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Spec 03 §4: with no mode, a success toast without links is dismissible, all others sticky. */
export function defaultToastMode(variant: ToastVariant, hasLinks: boolean): ToastMode {
  return variant === 'success' && !hasLinks ? 'dismissible' : 'sticky';
}

/** Dismissible and pester toasts close themselves, later when there is a link to reach. */
export function autoCloseMs(mode: ToastMode, hasLinks: boolean): number | null {
  if (mode === 'sticky') return null;
  return hasLinks ? TOAST_AUTO_CLOSE_WITH_LINK_MS : TOAST_AUTO_CLOSE_MS;
}

/** Max toasts: at least 1, 3 when not a usable number. */
export function normalizeMaxToasts(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : DEFAULT_MAX_TOASTS;
}

export function normalizePosition(value: unknown): ToastPosition {
  return isOneOf(TOAST_POSITIONS, value) ? value : DEFAULT_TOAST_POSITION;
}

/**
 * A toast from its config, or the developer error to log (spec 03 §8) when it cannot be shown.
 * An unknown variant or mode falls back to the default rather than losing the message.
 */
export function createToast(config: ToastConfig | null | undefined, id: string): Toast | { error: string } {
  if (!config || typeof config !== 'object') return { error: TOAST_ERRORS.missingConfig };
  const label = config.label ?? config.title;
  const { message } = config;
  if ((label !== undefined && typeof label !== 'string') || (message !== undefined && typeof message !== 'string')) {
    return { error: TOAST_ERRORS.notText };
  }
  const hasLabel = typeof label === 'string' && label.trim() !== '';
  const hasMessage = typeof message === 'string' && message.trim() !== '';
  if (!hasLabel && !hasMessage) return { error: TOAST_ERRORS.missingLabel };
  const links = (Array.isArray(config.links) ? config.links : []).filter(
    (l) => l && typeof l.label === 'string' && l.label.trim() !== '' && typeof l.href === 'string' && l.href !== '',
  );
  const variant = isOneOf(TOAST_VARIANTS, config.variant) ? config.variant : 'info';
  const mode = isOneOf(TOAST_MODES, config.mode) ? config.mode : defaultToastMode(variant, links.length > 0);
  return {
    id,
    label: hasLabel ? label! : null,
    message: hasMessage ? message! : null,
    variant,
    mode,
    links,
    autoCloseMs: autoCloseMs(mode, links.length > 0),
    closable: mode !== 'pester',
    state: 'shown',
    onClose: config.onClose,
  };
}

export interface ToastQueue {
  max: number;
  /** On screen, oldest first (closing ones included until they have faded). */
  shown: Toast[];
  /** Waiting for room, oldest first. */
  waiting: Toast[];
}

export function emptyToastQueue(max: number = DEFAULT_MAX_TOASTS): ToastQueue {
  return { max: normalizeMaxToasts(max), shown: [], waiting: [] };
}

/** Shown at once while fewer than `max` are on screen, else queued. */
export function pushToast(queue: ToastQueue, toast: Toast): ToastQueue {
  return queue.shown.length < queue.max
    ? { ...queue, shown: [...queue.shown, toast] }
    : { ...queue, waiting: [...queue.waiting, toast] };
}

/** Starts the fade of a shown toast; a waiting one is simply dropped. */
export function closeToast(queue: ToastQueue, id: string): ToastQueue {
  if (queue.waiting.some((t) => t.id === id)) return { ...queue, waiting: queue.waiting.filter((t) => t.id !== id) };
  if (!queue.shown.some((t) => t.id === id && t.state === 'shown')) return queue;
  return { ...queue, shown: queue.shown.map((t) => (t.id === id ? { ...t, state: 'closing' as const } : t)) };
}

/** Removes a toast once faded, and lets the oldest waiting ones take the room. */
export function removeToast(queue: ToastQueue, id: string): ToastQueue {
  const shown = queue.shown.filter((t) => t.id !== id);
  const waiting = [...queue.waiting];
  while (shown.length < queue.max && waiting.length) shown.push(waiting.shift()!);
  return { ...queue, shown, waiting };
}

/** A new maximum (spec 03 §9: a component may set it, as add-to-cart does); more room lets waiting toasts in. */
export function resizeToastQueue(queue: ToastQueue, max: unknown): ToastQueue {
  const next = normalizeMaxToasts(max);
  if (next === queue.max) return queue;
  const shown = [...queue.shown];
  const waiting = [...queue.waiting];
  // Fewer allowed than on screen: those shown stay until they close; new ones wait.
  while (shown.length < next && waiting.length) shown.push(waiting.shift()!);
  return { max: next, shown, waiting };
}
