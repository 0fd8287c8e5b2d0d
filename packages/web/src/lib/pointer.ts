// Holding back layout changes while a pointer is pressed. Pressing a button blurs the field before
// the click completes; if the field's blur inserts a message, the button moves away from the pointer
// and the click lands elsewhere (lost submissions). Work that would move things waits for the release.

let pressed = false;
let installed = false;

/** Starts watching the pointer (once per page; nothing on the server). */
export function trackPointer(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => (pressed = false);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `fn` now, or just after the pressed pointer is released (after the click it produces). */
export function afterPointerRelease(fn: () => void): void {
  if (!pressed || typeof document === 'undefined') {
    fn();
    return;
  }
  const run = () => {
    document.removeEventListener('pointerup', run, true);
    document.removeEventListener('pointercancel', run, true);
    setTimeout(fn, 0);
  };
  document.addEventListener('pointerup', run, true);
  document.addEventListener('pointercancel', run, true);
}
