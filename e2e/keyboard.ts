// Driving a page by keyboard alone, and watching that it stays so: an init script counts trusted pointer presses
// (sessionStorage, so the count survives full-page navigations within the tab), and every key press is followed
// by a look at the focused element's focus indicator — an outline or box-shadow that contrasts at least 3:1 with
// what is behind the element (WCAG 1.4.11 non-text contrast, 2.4.7 focus visible).
import type { BrowserContext, Locator, Page } from 'playwright-core';

const POINTER_COUNT_KEY = 'a11y:trusted-pointer-presses';

/** Counts trusted pointerdown/mousedown events in every document of the context. */
export async function countPointerPresses(context: BrowserContext): Promise<void> {
  // No named functions in here: tsx's name-keeping helper does not exist in the page.
  await context.addInitScript((key: string) => {
    for (const type of ['pointerdown', 'mousedown'])
      window.addEventListener(
        type,
        (e) => {
          if (e.isTrusted) sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
        },
        true,
      );
  }, POINTER_COUNT_KEY);
}

export function pointerPresses(page: Page): Promise<number> {
  return page.evaluate((key) => Number(sessionStorage.getItem(key) ?? 0), POINTER_COUNT_KEY);
}

export interface FocusLook {
  /** What has focus, for messages: tag, id, name or text. */
  element: string;
  /** The best contrast of the indicator's colours against the background behind the element; 0 without one. */
  contrast: number;
}

/** The focused element and its focus indicator's contrast; null when nothing (the body) has focus. */
export function lookAtFocus(page: Page): Promise<FocusLook | null> {
  // No named functions in here: tsx's name-keeping helper does not exist in the page.
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    // The indicator sits around the element, so what is behind it is the nearest ancestor's solid background.
    let behind = 'rgb(255, 255, 255)';
    for (let p = el.parentElement; p; p = p.parentElement) {
      const bg = getComputedStyle(p).backgroundColor;
      if (/^rgb\(/.test(bg)) {
        behind = bg;
        break;
      }
    }
    const style = getComputedStyle(el);
    const indicator = [
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 ? style.outlineColor : '',
      style.boxShadow !== 'none' ? style.boxShadow : '',
    ].join(' ');
    // Relative luminance of every opaque colour, the background's first (WCAG's formula).
    const [lb = 1, ...lums] = [...`${behind} ${indicator}`.matchAll(/rgba?\(([^)]+)\)/g)]
      .map((m) => m[1]!.split(/[ ,/]+/).map(Number))
      .filter(([, , , a = 1]) => a > 0)
      .map((c) =>
        c
          .slice(0, 3)
          .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0),
      );
    const contrast = Math.max(0, ...lums.map((l) => (Math.max(lb, l) + 0.05) / (Math.min(lb, l) + 0.05)));
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40);
    return { element: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name ?? ''}"`, contrast };
  });
}

/**
 * The keyboard of one page: every key press is followed by a look at the focus, and a focused element without a
 * visible indicator (contrast under 3:1) is written down in `unseenFocus`.
 */
export function keyboardOf(page: Page) {
  const unseenFocus: string[] = [];
  let presses = 0;
  const look = async () => {
    const focus = await lookAtFocus(page);
    if (focus && focus.contrast < 3)
      unseenFocus.push(`${focus.element} on ${new URL(page.url()).pathname} (${focus.contrast.toFixed(2)}:1)`);
  };
  const isFocused = (target: Locator) =>
    target
      .first()
      .evaluate((el) => el === document.activeElement)
      .catch(() => false);
  return {
    unseenFocus,
    /** Keys pressed so far (typing not counted). */
    presses: () => presses,
    async press(key: string) {
      presses++;
      await page.keyboard.press(key);
      await look();
    },
    async type(text: string) {
      await page.keyboard.type(text);
      await look();
    },
    /** Presses Tab (or Shift+Tab) until the target has focus; fails after `max` presses. */
    async tabTo(target: Locator, { backwards = false, max = 80 } = {}) {
      await target.first().waitFor();
      for (let i = 0; i < max; i++) {
        if (await isFocused(target)) return;
        await this.press(backwards ? 'Shift+Tab' : 'Tab');
      }
      if (await isFocused(target)) return;
      const focus = await lookAtFocus(page);
      throw new Error(
        `${target} not reached by ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses (at ${focus?.element})`,
      );
    },
    /** Tabs to each field of a form (by its label, in the order given) and types its value. */
    async fillForm(form: Locator, values: Record<string, string>) {
      for (const [label, text] of Object.entries(values)) {
        await this.tabTo(form.getByLabel(label));
        await this.type(text);
      }
    },
  };
}

export interface TabWalk {
  /** Focus stops met before Tab came back round to the first one. */
  stops: number;
  /** Stops whose focus indicator is missing or faint (under 3:1). */
  unseenFocus: string[];
  /** Where Tab went round a part of the page only (a keyboard trap), or never came back; null when it did. */
  trap: string | null;
}

/**
 * Tabs through the whole page from the top until focus comes back to the first stop, looking at every stop's
 * focus indicator. Coming back to any stop but the first means Tab is caught in a loop (a trap).
 */
export async function walkTabOrder(page: Page, max = 400): Promise<TabWalk> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { tabStops: Map<Element, number> }).tabStops = new Map();
  });
  const unseenFocus: string[] = [];
  let stops = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // The stop's number if focus was here before, -1 for a new stop, -2 for none (the page itself).
    const seenBefore = await page.evaluate(() => {
      const stops = (window as unknown as { tabStops: Map<Element, number> }).tabStops;
      const el = document.activeElement;
      if (!el || el === document.body) return -2;
      const before = stops.get(el);
      if (before !== undefined) return before;
      stops.set(el, stops.size);
      return -1;
    });
    if (seenBefore === -2) continue;
    if (seenBefore >= 0) {
      const at = await lookAtFocus(page);
      return { stops, unseenFocus, trap: seenBefore === 0 ? null : `back to stop ${seenBefore}: ${at?.element}` };
    }
    stops++;
    const focus = await lookAtFocus(page);
    if (focus && focus.contrast < 3) unseenFocus.push(`${focus.element} (${focus.contrast.toFixed(2)}:1)`);
  }
  return { stops, unseenFocus, trap: `no way round in ${max} presses` };
}
