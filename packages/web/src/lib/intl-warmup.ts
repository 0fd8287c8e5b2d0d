// Loads the browser's locale data off the main thread before the page's code creates its first Intl formatter
// (see intl-warmup.worker.ts). Resolves when the worker is done, or at once where workers fail (an old browser,
// a policy that forbids them), or after `maxWaitMs`: warming is an optimisation, never a condition.

export function warmIntl(locale: string, maxWaitMs = 1000): Promise<void> {
  return new Promise<void>((resolve) => {
    let worker: Worker | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      worker = null;
      resolve();
    };
    try {
      worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: locale });
      worker.onmessage = done;
      worker.onerror = done;
      timer = setTimeout(done, maxWaitMs);
    } catch {
      done();
    }
  });
}
