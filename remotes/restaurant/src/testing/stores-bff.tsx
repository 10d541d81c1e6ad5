/**
 * Test helper (tests only): the screens that read the business's stores (issue 28 "Lojas",
 * "Equipe"), rendered alone against a routed fake BFF that answers the stores.
 */
import { render, screen, within } from '@testing-library/react';
import { type BusinessStores } from '@turno/contracts';
import { answer, settle } from '@turno/ui/testing';
import { type ReactElement } from 'react';
import { STORES_URL } from '../stores/stores';
import { routedBff, type Routes } from './routed-bff';

/** The owner's stores: two active, one deactivated. */
export const STORES: BusinessStores = {
  member_role: 'owner',
  billing_mode: 'centralized',
  items: [
    { id: 1, name: 'Loja Centro', is_active: true, open_vacancies: 3 },
    { id: 2, name: 'Loja Norte', is_active: true, open_vacancies: 1 },
    { id: 3, name: 'Loja Velha', is_active: false, open_vacancies: 0 },
  ],
};

/**
 * Renders `ui` (given the fake BFF's fetch) with `GET /stores` answering `stores`, and `routes`
 * over it; waits for the first reads.
 */
export async function renderWithStores(
  ui: (fetchImpl: typeof fetch) => ReactElement,
  routes: Routes = {},
  stores: BusinessStores = STORES,
) {
  const bff = routedBff({ [`GET ${STORES_URL}`]: () => answer(200, stores), ...routes });
  render(ui(bff.fetchImpl));
  await settle();
  return bff;
}

/** The items of the list named `name`. */
export const rowsOf = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem');
