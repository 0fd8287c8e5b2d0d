// What a shopper types or submits before the page's script has hydrated it is kept, not lost. Until then a form
// has no script behind it: submitted, the browser would post it to the page's own address (a CSRF refusal, or
// a page that knows nothing of it), and a field whose value the page keeps in state would be shown typed but
// read as empty once hydrated. On a slow phone that window is a second or more (the page hydrates in parts,
// HydrateLater), long enough to type a search and press Enter.
//
// How: a small script inlined at the top of every page (EARLY_INPUT_SCRIPT, with the page's CSP nonce) holds back
// each form submission and notes each field typed into, from the first byte of HTML. It listens for submissions
// as they bubble to the document, so one that a hydrated part's form already handled (prevented) is left alone;
// and it holds posts only: a GET form (the header's search) works without scripts as it is, as a page load.
// Once every part is hydrated, entry-client calls releaseEarlyInput: each noted field announces its value again
// (an input event, a change for a select), so the page's state takes what is on screen, and the last held
// submission is made again through the now-hydrated form. Checkboxes and radios are not replayed: a tick is a
// toggle, and the list builder's lists (HydrateOnInteraction) take their own first click.

/** The global through which the inlined script hands over what it held. */
const HANDOVER = '__storeEarlyInput';

/** What the inlined script held until the page was hydrated. */
export interface HeldInput {
  /** The fields typed into, in order (repeats included). */
  fields: EventTarget[];
  /** The last submission held back, with the button that made it. */
  submit: { form: HTMLFormElement; by: HTMLElement | null } | null;
}

/**
 * The inline script (plain ES5, no imports: it runs before any module). Kept as a string rather than a function's
 * source, so that neither the transpiler nor the minifier can add helpers it would not have.
 */
export const EARLY_INPUT_SCRIPT = `(function(d,w){var h={fields:[],submit:null};function s(e){if(e.defaultPrevented||e.target.method!=='post')return;e.preventDefault();h.submit={form:e.target,by:e.submitter||null}}function f(e){h.fields.push(e.target)}d.addEventListener('submit',s);d.addEventListener('input',f,true);d.addEventListener('change',f,true);w.${HANDOVER}=function(){d.removeEventListener('submit',s);d.removeEventListener('input',f,true);d.removeEventListener('change',f,true);return h}})(document,window);`;

const REPLAYED_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number', 'date']);

/** The event that tells the page a field's value changed, or null for a field not replayed. */
function replayEventOf(field: EventTarget): string | null {
  if (field instanceof HTMLTextAreaElement) return 'input';
  if (field instanceof HTMLSelectElement) return 'change';
  if (field instanceof HTMLInputElement && REPLAYED_TYPES.has(field.type)) return 'input';
  return null;
}

/** Stops holding input back and replays what was held into the hydrated page (see the header). */
export function releaseEarlyInput(): void {
  const w = window as unknown as Record<string, (() => HeldInput) | undefined>;
  const handover = w[HANDOVER];
  if (!handover) return;
  w[HANDOVER] = undefined;
  const held = handover();
  for (const field of new Set(held.fields)) {
    const type = replayEventOf(field);
    if (type && (field as Node).isConnected) field.dispatchEvent(new Event(type, { bubbles: true }));
  }
  const submit = held.submit;
  if (submit?.form.isConnected) {
    const by = submit.by?.isConnected ? submit.by : undefined;
    submit.form.requestSubmit(by);
  }
}
