import {
  RESTAURANT_SECTIONS,
  RESTAURANT_SECTION_ACTIONS,
  type BusinessStores,
  type RestaurantSection,
} from '@turno/contracts';
import { memberMay, type BusinessMemberRole, type LiveEventType } from '@turno/domain';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { BUSINESS_STORES } from '../shared/answers';
import { BFF } from '../shared/bff';
import { useLiveResource, type LiveResource, type LiveResourceOptions } from '../shared/useLiveResource';

/**
 * The business's stores (issue 28 "Lojas") as the caller reaches them, and the caller's role: the
 * panel reads them once (App: the tabs of the role), the "Lojas" tab and the vacancy form's store
 * selector take them from there; each reads its own when rendered alone (tests). Read without zod
 * (shared/answers.ts): the panel's first screen reads them.
 */
export const STORES_URL = `${BFF}/restaurant/stores`;

/** A store's count of open vacancies moves with these; a store's own changes come with the business's. */
const STORE_EVENTS: readonly LiveEventType[] = [
  'restaurant_updated',
  'job_created',
  'job_updated',
  'job_deleted',
  'job_assignment',
];

export type StoresResource = LiveResource<BusinessStores>;

/** GET /api/restaurant/stores, kept fresh. */
export function useBusinessStores(options: Pick<LiveResourceOptions, 'fetchImpl'> = {}): StoresResource {
  return useLiveResource(STORES_URL, BUSINESS_STORES, { ...options, types: STORE_EVENTS });
}

/** The panel's read of the stores (App); undefined outside the panel. */
export const StoresContext = createContext<StoresResource | undefined>(undefined);

interface WithStoresProps {
  fetchImpl?: typeof fetch;
  children: (stores: StoresResource) => ReactNode;
}

function OwnStores({ fetchImpl, children }: WithStoresProps): ReactNode {
  return children(useBusinessStores({ fetchImpl }));
}

/** Renders `children` with the panel's stores, or, outside the panel, with a read of its own. */
export function WithStores(props: WithStoresProps): ReactNode {
  const panel = useContext(StoresContext);
  return panel ? props.children(panel) : createElement(OwnStores, props);
}

/** The caller's role, or null while unknown (loading, or the read failed). */
export function roleOf(stores: StoresResource): BusinessMemberRole | null {
  return stores.data?.member_role ?? null;
}

/**
 * The tabs a role sees (`RESTAURANT_SECTION_ACTIONS`); every tab while the role is unknown (the
 * owner is by far the common case, and the BFF refuses what a role may not do anyway).
 */
export function sectionsOf(role: BusinessMemberRole | null): readonly RestaurantSection[] {
  if (role === null) return RESTAURANT_SECTIONS;
  return RESTAURANT_SECTIONS.filter((section) => memberMay(role, RESTAURANT_SECTION_ACTIONS[section]));
}
