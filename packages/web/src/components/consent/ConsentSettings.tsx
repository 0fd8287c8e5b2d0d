// The cookie settings dialog's content (spec 01 §9): one switch per category, essential shown on and locked;
// "Save choices" keeps what is ticked, "Accept all" and "Reject all" (essential only) decide in one step. It
// starts from the current choice. Loaded when first opened (ConsentDialog).
import { useState } from 'react';
import { CONSENT_CATEGORIES, hasConsent, type ConsentCategory } from '@store/core';
import { Modal } from '../ui/Modal.tsx';
import { useConsent } from '../../lib/signals/consent-context.tsx';
import { CONSENT_CATEGORY_TEXT } from './consent-texts.ts';

export function ConsentSettings() {
  const consent = useConsent();
  const [ticked, setTicked] = useState<Set<ConsentCategory>>(
    () => new Set(CONSENT_CATEGORIES.filter((c) => hasConsent(consent.choice, c))),
  );
  const toggle = (c: ConsentCategory, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(c);
      else next.delete(c);
      return next;
    });
  return (
    <Modal title="Cookie settings" onClose={consent.closeSettings} className="consent-dialog">
      <div className="modal__body">
        <p>Choose which cookies this store may use. Essential cookies are always on.</p>
        <fieldset className="consent-dialog__categories">
          <legend className="sr-only">Cookie categories</legend>
          {CONSENT_CATEGORIES.map((c) => {
            const id = `consent-${c}`;
            return (
              <div key={c} className="consent-dialog__category">
                <input
                  id={id}
                  type="checkbox"
                  checked={c === 'essential' || ticked.has(c)}
                  disabled={c === 'essential'}
                  onChange={(e) => toggle(c, e.currentTarget.checked)}
                  aria-describedby={`${id}-text`}
                />
                <label htmlFor={id}>{CONSENT_CATEGORY_TEXT[c].label}</label>
                <p id={`${id}-text`} className="consent-dialog__text">
                  {CONSENT_CATEGORY_TEXT[c].description}
                </p>
              </div>
            );
          })}
        </fieldset>
      </div>
      <div className="modal__footer">
        <button type="button" className="btn btn--secondary" onClick={() => consent.choose([])}>
          Reject all
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => consent.choose(CONSENT_CATEGORIES)}>
          Accept all
        </button>
        <button type="button" className="btn btn--primary" onClick={() => consent.choose([...ticked])}>
          Save choices
        </button>
      </div>
    </Modal>
  );
}
