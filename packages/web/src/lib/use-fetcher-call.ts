// A route action called from a component that needs its answer back (the checkout's AddressForm reports the
// outcome of its submit): the form's values go through a fetcher, so the route's action runs and the page's
// loaders revalidate as after any mutation (routes/index.tsx), and the promise resolves with the action's
// answer once the fetcher is idle again.
import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';

export function useFetcherCall<T>() {
  const fetcher = useFetcher<T>();
  const pending = useRef<((answer: T | undefined) => void) | null>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !pending.current) return;
    const resolve = pending.current;
    pending.current = null;
    // The action's answer as it returned it (plain data: no Dates or classes cross the wire).
    resolve(fetcher.data as T | undefined);
  }, [fetcher.state, fetcher.data]);
  const { submit } = fetcher;
  const call = useCallback(
    (values: Record<string, string>) =>
      new Promise<T | undefined>((resolve) => {
        pending.current = resolve;
        void submit(values, { method: 'post' });
      }),
    [submit],
  );
  return { call, busy: fetcher.state !== 'idle' };
}
