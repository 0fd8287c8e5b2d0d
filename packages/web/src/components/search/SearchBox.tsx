// The header's search: a GET form to /search (so it works before and without scripts) whose input
// is an editable combobox (ARIA 1.2, spec 03 §4). Typing asks for suggestions 200 ms after the last
// key (an older call still running is aborted), and the listbox shows the suggested terms under the
// default group label, then up to four suggested datasets. Enter on a term searches for it, on a
// dataset opens its page; Enter with no active option searches for the text as typed.

import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStoreApi } from '../../lib/api-context.tsx';
import { useActivitySender } from '../../lib/signals/activity-context.tsx';
import { isAbortError } from '@store/client';
import { SEARCH_LIMITS } from '@store/core';
import {
  CLOSED,
  COMBOBOX,
  comboboxKey,
  debounce,
  optionId,
  optionsChanged,
  type ComboboxState,
} from '../../lib/search/combobox.ts';
import { productHref } from '../../lib/links.ts';
import { useAppNavigate } from '../../lib/navigation.ts';
import { SEARCH_PATH, searchHref } from '../../lib/search/search-url.ts';
import { listboxStyle, useActiveOptionInView, useVisibleItems } from '../../lib/search/use-combobox.ts';
import { cx } from '../ui/classes.ts';
import { ProductImage } from '../ui/ProductImage.tsx';

export const SEARCH_LABEL = 'Search datasets';
export const PRODUCTS_GROUP_LABEL = 'Datasets';
/** A single letter matches too much to be worth a call. */
export const MIN_SUGGEST_CHARS = 2;
export const MAX_SUGGESTED_TERMS = 6;
export const MAX_SUGGESTED_PRODUCTS = 4;

const INPUT_ID = 'site-search';
const LISTBOX_ID = 'site-search-listbox';

export type Suggestion =
  | { kind: 'term'; value: string; count: number }
  | { kind: 'product'; id: string; name: string; imageUrl: string | null };

export interface SearchBoxProps {
  /** The term of the results page being shown, so the box says what was searched. */
  term?: string;
}

export function SearchBox({ term = '' }: SearchBoxProps) {
  const api = useStoreApi();
  const activities = useActivitySender();
  const navigate = useAppNavigate();
  const [text, setText] = useState(term);
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [state, setState] = useState<ComboboxState>(CLOSED);
  const visible = useVisibleItems();
  const input = useRef<HTMLInputElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  useActiveOptionInView(LISTBOX_ID, state);

  // A new results page (or going back to one) shows its term.
  useEffect(() => setText(term), [term]);

  const suggest = useMemo(
    () =>
      debounce(async (searchTerm: string) => {
        inFlight.current?.abort();
        if (!api) return;
        const call = new AbortController();
        inFlight.current = call;
        try {
          const s = await api.client.getSearchSuggestions({
            searchTerm,
            includeSuggestedTerms: true,
            includeSuggestedProducts: true,
            maxResults: MAX_SUGGESTED_TERMS,
            maxSuggestedProducts: MAX_SUGGESTED_PRODUCTS,
            signal: call.signal,
          });
          const next: Suggestion[] = [
            ...(s.suggestedTerms ?? [])
              .slice(0, MAX_SUGGESTED_TERMS)
              .map((t) => ({ kind: 'term' as const, value: t.value, count: t.productCount })),
            ...(s.suggestedProducts ?? []).slice(0, MAX_SUGGESTED_PRODUCTS).map((p) => ({
              kind: 'product' as const,
              id: p.id,
              name: p.name,
              imageUrl: p.defaultImage?.url ?? null,
            })),
          ];
          setOptions(next);
          if (next.length)
            activities.send('viewSearchSuggestion', {
              searchTerm,
              suggestedTerms: next.flatMap((o) => (o.kind === 'term' ? [o.value] : [])),
              suggestedProductIds: next.flatMap((o) => (o.kind === 'product' ? [o.id] : [])),
            });
          // Typing opens the list, but only while the shopper is still in the box.
          setState((st) => optionsChanged(st, next.length, document.activeElement === input.current));
        } catch (error) {
          if (isAbortError(error)) return;
          setOptions([]);
          setState(CLOSED);
        }
      }),
    [api, activities],
  );

  // Nothing may arrive after the box is gone.
  useEffect(
    () => () => {
      suggest.cancel();
      inFlight.current?.abort();
    },
    [suggest],
  );

  function stopSuggesting() {
    suggest.cancel();
    inFlight.current?.abort();
    setState(CLOSED);
  }

  function onInput(value: string) {
    setText(value);
    // The options on show belong to the old text: none of them stays active.
    setState((st) => ({ ...st, active: -1 }));
    const q = value.trim();
    if (q.length < MIN_SUGGEST_CHARS || q.length > SEARCH_LIMITS.maxSuggestionTermLength) {
      stopSuggesting();
      setOptions([]);
      return;
    }
    suggest.call(q);
  }

  function choose(option: Suggestion) {
    stopSuggesting();
    const typed = text.trim();
    if (typed)
      activities.send('clickSearchSuggestion', {
        searchTerm: typed,
        suggestedTerm: option.kind === 'term' ? option.value : null,
        productId: option.kind === 'product' ? option.id : null,
      });
    if (option.kind === 'term') {
      setText(option.value);
      navigate(searchHref(option.value));
    } else {
      navigate(productHref(option.id));
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const outcome = comboboxKey(state, e.key, { kind: 'editable', count: options.length });
    // A chosen option must not also submit the form.
    if (outcome.handled || outcome.select !== undefined) e.preventDefault();
    setState(outcome.state);
    if (outcome.select !== undefined) choose(options[outcome.select]);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return input.current?.focus();
    stopSuggesting();
    navigate(searchHref(q));
  }

  const terms = options.filter((o) => o.kind === 'term');
  const products = options.filter((o) => o.kind === 'product');
  const renderOption = (o: Suggestion, i: number) => (
    // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options are reached with the arrow keys through aria-activedescendant; the focus stays in the input
    <div
      key={o.kind === 'term' ? `t:${o.value}` : `p:${o.id}`}
      id={optionId(LISTBOX_ID, i)}
      role="option"
      aria-selected={i === state.active}
      className={cx(
        'combobox__option',
        `combobox__option--${o.kind}`,
        i === state.active && 'combobox__option--active',
      )}
      // The focus stays in the input, so it does not blur (and close) before the click.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => state.active !== i && setState({ open: true, active: i })}
      onClick={() => choose(o)}
    >
      {o.kind === 'term' ? (
        <>
          <span className="combobox__option-text">{o.value}</span>{' '}
          <span className="combobox__option-meta">
            {o.count === 1 ? '1 dataset' : `${o.count.toLocaleString('en-US')} datasets`}
          </span>
        </>
      ) : (
        <>
          {/* The name follows in text: the picture adds nothing for a screen reader. */}
          {o.imageUrl ? <ProductImage url={o.imageUrl} alt="" layout="thumbnail" width={40} height={30} /> : null}
          <span className="combobox__option-text">{o.name}</span>
        </>
      )}
    </div>
  );
  const group = (key: string, label: string, items: Suggestion[], offset: number) =>
    items.length ? (
      // biome-ignore lint/a11y/useSemanticElements: an ARIA group inside the combobox's listbox; fieldset is for form controls
      <div role="group" aria-labelledby={`${LISTBOX_ID}-${key}`} className="combobox__group">
        <div id={`${LISTBOX_ID}-${key}`} role="presentation" className="combobox__group-label">
          {label}
        </div>
        {items.map((o, i) => renderOption(o, offset + i))}
      </div>
    ) : null;

  const open = state.open && options.length > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an ARIA group inside the combobox's listbox; fieldset is for form controls
    <form role="search" action={SEARCH_PATH} method="get" className="search-box" onSubmit={onSubmit}>
      <label htmlFor={INPUT_ID} className="sr-only">
        {SEARCH_LABEL}
      </label>
      <div className="combobox search-box__field">
        <input
          ref={input}
          id={INPUT_ID}
          name="term"
          type="search"
          className="search-box__input"
          placeholder="Search datasets"
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={LISTBOX_ID}
          aria-activedescendant={open && state.active >= 0 ? optionId(LISTBOX_ID, state.active) : undefined}
          value={text}
          onChange={(e) => onInput(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onClick={() => setState((st) => ({ open: options.length > 0, active: st.open ? st.active : -1 }))}
          onBlur={() => setState(CLOSED)}
        />
        <div
          id={LISTBOX_ID}
          role="listbox"
          aria-label="Suggestions"
          className="combobox__listbox"
          hidden={!open}
          style={listboxStyle(visible)}
        >
          {group('terms', COMBOBOX.defaultGroupLabel, terms, 0)}
          {group('products', PRODUCTS_GROUP_LABEL, products, terms.length)}
        </div>
      </div>
      <button type="submit" className="btn btn--small search-box__submit">
        Search
      </button>
      <p className="sr-only" role="status">
        {open ? `${options.length} suggestion${options.length === 1 ? '' : 's'} available.` : ''}
      </p>
    </form>
  );
}
