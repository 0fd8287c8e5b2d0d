// The real activity sender (issue 18), mounted once in the layout: an activity goes out only with the
// shopper's statistics consent (checked at every send, so withdrawing it stops them at once) and only when the
// store's ai/configuration says activityTrackingEnabled (read once per page life, on the first send); identical
// calls are throttled (activity-throttle.ts). Fire and forget: rendering never waits for it and a failure is
// swallowed (an activity is a statistic, never worth an error on the page). Sends go out one after another: the
// first answer sets the analytics cookie, and a click sent while a page's view is still on its way would
// otherwise reach the server without it and be counted as a second visitor (seen in the browser test).
import { useMemo, useRef, type ReactNode } from 'react';
import { hasConsent, type AiConfiguration } from '@store/core';
import { useStoreApi } from '../api-context.tsx';
import { ActivitySenderContext, type ActivitySender } from './activity-context.tsx';
import { ActivityThrottle } from './activity-throttle.ts';
import { useConsent } from './consent-context.tsx';

export function ActivitySenderProvider({ children }: { children?: ReactNode }) {
  const api = useStoreApi();
  const { choice } = useConsent();
  const consented = useRef(false);
  consented.current = hasConsent(choice, 'statistics');
  const sender = useMemo<ActivitySender>(() => {
    let config: Promise<AiConfiguration | null> | null = null;
    const throttle = new ActivityThrottle();
    let previous: Promise<unknown> = Promise.resolve();
    return {
      send(activity, payload) {
        if (!api || typeof window === 'undefined' || !consented.current) return;
        config ??= api.client.getAiConfiguration().catch(() => null);
        const configuration = config;
        previous = previous
          .then(() => configuration)
          .then((c) => {
            if (!c?.activityTrackingEnabled || !consented.current) return;
            if (!throttle.admit(activity, payload)) return;
            return api.client.sendActivity(c.siteId, activity, payload);
          })
          .catch(() => undefined);
      },
    };
  }, [api]);
  return <ActivitySenderContext.Provider value={sender}>{children}</ActivitySenderContext.Provider>;
}
