// The administrator's preview switch (spec 01 §6): in preview the menu shows Draft categories and
// product pages bypass the server's cache. The server refuses it to anyone else; the switch is shown
// only to the administrator. Changing it reloads the page so menu and products follow.
import { useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';

export const PREVIEW_FAILED = 'We could not change preview mode. Try again.';

export interface PreviewToggleProps {
  isPreview: boolean;
  /** Changes the session's preview flag; rejects when the server refuses. */
  onChange?: (isPreview: boolean) => Promise<void>;
}

export function PreviewToggle({ isPreview, onChange }: PreviewToggleProps) {
  // Shows the choice at once (the page reloads when the server has it); reverts if refused.
  const [checked, setChecked] = useState(isPreview);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle(next: boolean) {
    if (!onChange) return;
    setChecked(next);
    setBusy(true);
    setError(null);
    try {
      await onChange(next);
    } catch (e) {
      setError(errorMessage(e, PREVIEW_FAILED));
      setChecked(!next);
      setBusy(false);
    }
  }

  return (
    <div className="preview-toggle">
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={busy}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />{' '}
        Preview drafts
      </label>
      {error ? (
        <p className="account-switcher__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
