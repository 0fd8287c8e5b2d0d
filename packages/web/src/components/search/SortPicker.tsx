// The sort order of a results page as a select-only combobox (ARIA 1.2 pattern, spec 03 §4): the
// focusable element shows the current order; Enter, Space, the arrows or a click open the list;
// typing letters jumps to the matching order (typeahead, 700 ms buffer); Enter, Space or a click
// chooses; Escape, Tab and leaving close. Choosing hands the rule to `onChange`, which navigates.

import { useRef, useState, type KeyboardEvent } from 'react';
import {
  CLOSED,
  comboboxKey,
  createTypeahead,
  isPrintableKey,
  optionId,
  type ComboboxState,
} from '../../lib/search/combobox.ts';
import { listboxStyle, useActiveOptionInView, useVisibleItems } from '../../lib/search/use-combobox.ts';
import type { SortOption } from '../../routes/types.ts';
import { cx } from '../ui/classes.ts';

export interface SortPickerProps {
  options: SortOption[];
  /** The id of the rule in force. */
  value: string;
  onChange: (id: string) => void;
  id?: string;
}

export function SortPicker({ options, value, onChange, id = 'sort' }: SortPickerProps) {
  const [state, setState] = useState<ComboboxState>(CLOSED);
  const typeahead = useRef(createTypeahead());
  const visible = useVisibleItems();
  const listboxId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const selected = Math.max(
    0,
    options.findIndex((o) => o.id === value),
  );
  useActiveOptionInView(listboxId, state);

  function choose(index: number) {
    setState(CLOSED);
    const option = options[index];
    if (option && option.id !== value) onChange(option.id);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (isPrintableKey(e)) {
      // Typing opens the list at the first match (and leaves it where it was when nothing matches).
      const match = typeahead.current.next(
        e.key,
        options.map((o) => o.label),
        state.open ? state.active : selected,
      );
      setState({ open: true, active: match >= 0 ? match : state.open ? state.active : selected });
      e.preventDefault();
      return;
    }
    const outcome = comboboxKey(state, e.key, { kind: 'select', count: options.length, selected });
    if (outcome.handled) e.preventDefault();
    setState(outcome.state);
    if (outcome.select !== undefined) choose(outcome.select);
  }

  const active = state.open && state.active >= 0 ? optionId(listboxId, state.active) : undefined;
  return (
    <div className="sort-picker">
      <span id={labelId} className="sort-picker__label">
        Sort by
      </span>
      <div className="combobox">
        <div
          id={`${id}-combobox`}
          className="combobox__select"
          role="combobox"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={state.open}
          aria-controls={listboxId}
          aria-activedescendant={active}
          onKeyDown={onKeyDown}
          onClick={() => setState(state.open ? CLOSED : { open: true, active: selected })}
          onBlur={() => setState(CLOSED)}
        >
          {options[selected]?.label ?? ''}
        </div>
        <div
          id={listboxId}
          className="combobox__listbox"
          role="listbox"
          aria-labelledby={labelId}
          hidden={!state.open}
          style={listboxStyle(visible)}
        >
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: listbox options are reached with the arrow keys through aria-activedescendant, not by focus
            <div
              key={o.id}
              id={optionId(listboxId, i)}
              role="option"
              aria-selected={i === state.active}
              className={cx(
                'combobox__option',
                i === state.active && 'combobox__option--active',
                i === selected && 'combobox__option--current',
              )}
              // The focus stays on the combobox, so it does not blur (and close) before the click.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => state.active !== i && setState({ open: true, active: i })}
              onClick={() => choose(i)}
            >
              {o.label}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
