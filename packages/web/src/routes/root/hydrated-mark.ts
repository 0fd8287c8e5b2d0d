// Marks the document once React owns it, so browser tests wait for it before using controls that need
// scripts. Both the site frame and the root error page (shown without the frame, e.g. for a path no
// route matches) set it, so every page the store renders says when it has hydrated: once the parts that
// hydrate in tasks of their own (HydrateLater) have too.
import { useEffect } from 'react';
import { afterDeferredHydration } from '../../components/ui/HydrateLater.tsx';

export function useHydratedMark(): void {
  useEffect(() => {
    afterDeferredHydration(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
}
