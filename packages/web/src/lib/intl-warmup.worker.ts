// Runs in a worker at start-up: creates the Intl formatters the page's first render uses (prices, counts, dates),
// so that the browser loads its locale data (ICU, shared by the whole renderer process) on the worker's thread.
// The first formatter of a page otherwise costs its main thread 30–60 ms on a slow phone, in one task.
// The page's locale comes as the worker's name (entry-client). Posts one message when done.

const locale = self.name || 'en-US';
try {
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
  new Intl.NumberFormat(locale).format(1);
  new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(1.5);
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(0);
} catch {
  // An unknown locale: the page's own formatters will say so; there was nothing to warm.
}
postMessage('warm');
