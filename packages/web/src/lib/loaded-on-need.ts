// A component whose code is fetched only once it is needed (the idle clock of a signed-in user, the cookie
// settings when first opened): the page's start-up JavaScript stays within its budget (js-budget.json). Both
// render nothing until needed, on the server too, so the page hydrates the same either way.
import { useEffect, useState, type ComponentType } from 'react';

/** The component `load` gives, once `needed` has been true and its module has come; null until then. */
export function useLoadedOnNeed<P>(needed: boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module import, the same every render.
  useEffect(() => {
    if (!needed || Loaded) return;
    let live = true;
    void load().then((component) => {
      if (live) setLoaded(() => component);
    });
    return () => {
      live = false;
    };
  }, [needed, Loaded]);
  return Loaded;
}
