// The consent banner (spec 01 §9): shown while the store asks for consent and the shopper has not chosen.
// "Accept all", "Reject all" (essential only) or "Cookie settings" to choose per category. A region, not a
// modal: the page stays usable, and nothing is tracked until the choice includes statistics.
import { CONSENT_CATEGORIES } from '@store/core';
import { useConsent } from '../../lib/signals/consent-context.tsx';

export function ConsentBanner() {
  const consent = useConsent();
  if (!consent.enabled || consent.choice || consent.settingsOpen) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title">
      <div className="consent-banner__inner">
        <div>
          <h2 id="consent-banner-title" className="consent-banner__title">
            Cookies on this store
          </h2>
          <p className="consent-banner__text">
            We use essential cookies to run the store. With your consent we also use cookies for preferences, statistics
            (what you view and search, to improve recommendations) and marketing. You can change your choice at any time
            from “Cookie settings” at the foot of every page.
          </p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="btn btn--primary" onClick={() => consent.choose(CONSENT_CATEGORIES)}>
            Accept all
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => consent.choose([])}>
            Reject all
          </button>
          <button type="button" className="btn btn--secondary" onClick={consent.openSettings}>
            Cookie settings
          </button>
        </div>
      </div>
    </section>
  );
}
