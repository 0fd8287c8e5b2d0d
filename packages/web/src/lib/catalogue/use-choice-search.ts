// The query string a variation family's page shows, with a choice just made shown at once: the router
// commits the new URL a tick after the click, and a controlled radio would meanwhile fall back to the old
// value (a flicker, and a click that seems not to take). The choice replaces the URL (no history entry per
// value tried) and keeps the scroll position.

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useChoiceSearch(): [search: string, choose: (search: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  // The search chosen, remembered against the URL it was chosen on: once the URL moves on, the URL decides.
  const [chosen, setChosen] = useState<{ on: string; search: string } | null>(null);
  const search = chosen && chosen.on === location.search ? chosen.search : location.search;
  const choose = (next: string) => {
    setChosen({ on: location.search, search: next });
    void navigate(`${location.pathname}${next}${location.hash}`, { replace: true, preventScrollReset: true });
  };
  return [search, choose];
}
