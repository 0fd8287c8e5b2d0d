// Combobox dropdown behaviour (spec 03 §4, §9), free of React and the DOM so every rule is testable:
// which key opens, moves, selects or closes; how many options show; the debounce of the calls made
// while typing; and the typeahead buffer of a select-only combobox. The components (SearchBox,
// SortPicker) keep a ComboboxState and feed keys through comboboxKey.

export const COMBOBOX = {
  /** Standard dropdown: 10 options, or 7 when the window is 834 px high or less; small: 5. */
  visibleItems: 10,
  visibleItemsShortWindow: 7,
  shortWindowMaxHeight: 834,
  visibleItemsSmall: 5,
  /** PageUp / PageDown move this many options. */
  pageStep: 10,
  debounceMs: 200,
  typeaheadResetMs: 700,
  defaultGroupLabel: 'Search Results',
} as const;

/** `active` is the option with visual focus (aria-activedescendant), -1 for none. */
export interface ComboboxState {
  open: boolean;
  active: number;
}

export const CLOSED: ComboboxState = { open: false, active: -1 };

/**
 * editable: a text input with a list of suggestions (Enter without an active option submits the
 * form, Home/End move the caret while closed). select: a select-only combobox (a button-like
 * element whose value is one of the options; Enter and Space open it).
 */
export type ComboboxKind = 'editable' | 'select';

export interface KeyOutcome {
  state: ComboboxState;
  /** The key was the combobox's: the caller prevents its default action. */
  handled: boolean;
  /** The option chosen with this key; the listbox is closed in `state`. */
  select?: number;
}

export interface KeyContext {
  kind: ComboboxKind;
  /** Number of options. */
  count: number;
  /** select-only: the option holding the current value, where the listbox opens. */
  selected?: number;
}

const unhandled = (state: ComboboxState): KeyOutcome => ({ state, handled: false });
const opened = (active: number): KeyOutcome => ({ state: { open: true, active }, handled: true });

/** What a key does to the combobox (spec 03 §4: arrows wrap, PageUp/PageDown move 10, Home/End jump). */
export function comboboxKey(state: ComboboxState, key: string, { kind, count, selected = -1 }: KeyContext): KeyOutcome {
  // With nothing to show the list cannot be open ("empty items" close it).
  if (count <= 0) return unhandled(CLOSED);
  const last = count - 1;
  const { open, active } = state;
  const current = Math.min(active, last);

  if (key === 'Escape') return open ? { state: CLOSED, handled: true } : unhandled(state);
  // Tab closes and lets the focus move on.
  if (key === 'Tab') return unhandled(CLOSED);

  if (!open) {
    const start = selected >= 0 && selected <= last ? selected : 0;
    switch (key) {
      case 'ArrowDown':
        return opened(kind === 'select' ? start : 0);
      case 'ArrowUp':
        return opened(kind === 'select' ? start : last);
      case 'Enter':
      case ' ':
        return kind === 'select' ? opened(start) : unhandled(state);
      case 'Home':
        return kind === 'select' ? opened(0) : unhandled(state);
      case 'End':
        return kind === 'select' ? opened(last) : unhandled(state);
      default:
        return unhandled(state);
    }
  }

  switch (key) {
    case 'ArrowDown':
      return opened(current < 0 || current >= last ? 0 : current + 1);
    case 'ArrowUp':
      return opened(current <= 0 ? last : current - 1);
    case 'PageDown':
      return opened(Math.min(current + COMBOBOX.pageStep, last));
    case 'PageUp':
      return opened(Math.max(current - COMBOBOX.pageStep, 0));
    case 'Home':
      return opened(0);
    case 'End':
      return opened(last);
    case 'Enter':
      if (current >= 0) return { state: CLOSED, handled: true, select: current };
      // Nothing active: an editable combobox lets the form submit what was typed.
      return kind === 'select' ? { state: CLOSED, handled: true } : unhandled(CLOSED);
    case ' ':
      if (kind === 'select' && current >= 0) return { state: CLOSED, handled: true, select: current };
      return unhandled(state);
    default:
      return unhandled(state);
  }
}

/** New options arrived (the suggestions for newer text): nothing is active; open only if there are any. */
export function optionsChanged(state: ComboboxState, count: number, openIfAny: boolean): ComboboxState {
  return { open: count > 0 && (state.open || openIfAny), active: -1 };
}

/** Options shown before the list scrolls (spec 03 §9). Without a window (server render) the standard 10. */
export function visibleItemCount(windowHeight?: number, size: 'standard' | 'small' = 'standard'): number {
  if (size === 'small') return COMBOBOX.visibleItemsSmall;
  return windowHeight !== undefined && windowHeight <= COMBOBOX.shortWindowMaxHeight
    ? COMBOBOX.visibleItemsShortWindow
    : COMBOBOX.visibleItems;
}

/** The id of an option element, for aria-activedescendant. */
export const optionId = (listboxId: string, index: number): string => `${listboxId}-option-${index}`;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface Debounced<A extends unknown[]> {
  /** Runs `fn` with these arguments once no other call came for the delay. */
  call(...args: A): void;
  cancel(): void;
}

/** Spec 03 §9: 200 ms, so a call goes out when typing pauses rather than on every key. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number = COMBOBOX.debounceMs,
  timers: Timers = realTimers,
): Debounced<A> {
  let pending: unknown;
  let waiting = false;
  const cancel = () => {
    if (waiting) timers.clearTimeout(pending);
    waiting = false;
  };
  return {
    call(...args) {
      cancel();
      waiting = true;
      pending = timers.setTimeout(() => {
        waiting = false;
        fn(...args);
      }, ms);
    },
    cancel,
  };
}

export interface Typeahead {
  /** The option to move to for a typed character, or -1 when none matches. */
  next(char: string, labels: readonly string[], current: number): number;
}

/**
 * Typing letters in a select-only combobox jumps to the option whose label starts with them. The
 * keys typed within 700 ms of each other form one search string (spec 03 §9); repeating one letter
 * cycles through the options starting with it.
 */
export function createTypeahead(now: () => number = Date.now, resetMs: number = COMBOBOX.typeaheadResetMs): Typeahead {
  let buffer = '';
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  return {
    next(char, labels, current) {
      const t = now();
      if (t - lastKeyAt >= resetMs) buffer = '';
      lastKeyAt = t;
      buffer += char.toLowerCase();
      const repeated = [...buffer].every((c) => c === buffer[0]);
      const search = repeated ? buffer[0] : buffer;
      // A repeated letter looks past the current option; a longer string may still match it.
      const start = repeated ? current + 1 : Math.max(current, 0);
      for (let i = 0; i < labels.length; i++) {
        const index = (((start + i) % labels.length) + labels.length) % labels.length;
        if (labels[index].toLowerCase().startsWith(search)) return index;
      }
      return -1;
    },
  };
}

/** A key that types a character (not a shortcut), for typeahead. */
export const isPrintableKey = (e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): boolean =>
  e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey;
