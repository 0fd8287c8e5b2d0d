// A browser-like document for component tests that need events (jsdom), installed as globals before
// React DOM loads, plus the few ways a user acts on it. Imported by *.test.tsx only.

import { JSDOM } from 'jsdom';

export function installDom(url = 'http://shop.example.com/'): Window & typeof globalThis {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url, pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  for (const name of [
    'window',
    'document',
    'navigator',
    'HTMLElement',
    'HTMLInputElement',
    'Node',
    'Event',
    'CustomEvent',
    'KeyboardEvent',
    'MouseEvent',
    'FormData',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
  ]) {
    Object.defineProperty(g, name, {
      value: (window as unknown as Record<string, unknown>)[name],
      configurable: true,
      writable: true,
    });
  }
  // React's test mode: updates inside act() are flushed before act returns.
  g.IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no layout, so nothing scrolls.
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  return window as unknown as Window & typeof globalThis;
}

/** Types into an input as a user does: the value changes, then an input event bubbles (what React listens to). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
}

/** A key press; answers false when the page prevented its default action. */
export function press(target: Element, key: string): boolean {
  return target.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
