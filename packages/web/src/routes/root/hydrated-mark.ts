// Marks the document once React owns it, so browser tests wait for it before using controls that need
// scripts. Both the site frame and the root error page (shown without the frame, e.g. for a path no
// route matches) set it, so every page the store renders says when it has hydrated.
import { useEffect } from 'react';

export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
