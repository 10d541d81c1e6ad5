import { dashboardSection, dashboardSectionPath } from '@turno/contracts';
import { useState } from 'react';

export interface DashboardTab<S extends string> {
  /** The tab shown. */
  tab: S;
  /** Opens a tab: its URL through the host's router (a history entry), else in place. */
  open: (id: S) => void;
  /** Each tab's URL, for the Tabs' links. */
  hrefOf: (id: string) => string;
}

/**
 * The tab of the restaurant or freelancer area: the host's `section` (from /dashboard/<section>)
 * when the host gives a `navigate`, so the address names the tab (refresh keeps it, Back returns to
 * the last one, a link opens it); in place when rendered alone (tests, no router).
 */
export function useDashboardTab<S extends string>(
  sections: readonly [S, ...S[]],
  section: string | undefined,
  navigate: ((to: string) => void) | undefined,
): DashboardTab<S> {
  const [own, setOwn] = useState<S>(sections[0]);
  const hrefOf = (id: string) => dashboardSectionPath(sections as readonly string[], id);
  if (!navigate) return { tab: own, open: setOwn, hrefOf };
  return {
    tab: dashboardSection(sections, section) ?? sections[0],
    open: (id) => navigate(hrefOf(id)),
    hrefOf,
  };
}
