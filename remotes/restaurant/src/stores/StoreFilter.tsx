import type { BusinessStores } from '@turno/contracts';
import { ALL_STORES_LABEL } from '@turno/domain';
import { SelectField } from '@turno/ui';
import { useState } from 'react';

/*
 * The store selector of the Agenda (issue 28): with two stores or more within reach, the person
 * chooses one store or "Todas as lojas"; the choice is remembered in this browser (one browser per
 * person) and sent as `storeId`. With one store, nothing is shown and nothing is sent.
 */

/** Where the browser keeps the store chosen in the Agenda ('' for "Todas as lojas"). */
export const STORE_FILTER_STORAGE_KEY = 'turno.restaurant.storeFilter';

function readSaved(storage: Storage | undefined): string {
  try {
    return storage?.getItem(STORE_FILTER_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function save(value: string, storage: Storage | undefined): void {
  try {
    if (value) storage?.setItem(STORE_FILTER_STORAGE_KEY, value);
    else storage?.removeItem(STORE_FILTER_STORAGE_KEY);
  } catch {
    // Private browsing or a full storage: the choice is simply not remembered.
  }
}

export interface StoreFilter {
  /** The chosen store's id, or undefined for every store (also while the stores are unknown). */
  storeId: number | undefined;
  /** The selector's value ('' = "Todas as lojas"). */
  value: string;
  /** Whether there is anything to choose (two stores or more within reach). */
  shown: boolean;
  options: { value: string; label: string }[];
  choose: (value: string) => void;
}

/** The Agenda's store filter over the stores the person reaches. */
export function useStoreFilter(
  stores: BusinessStores | undefined,
  storage: Storage | undefined = globalThis.localStorage,
): StoreFilter {
  const [chosen, setChosen] = useState(() => readSaved(storage));
  const items = stores?.items ?? [];
  const known = items.some((store) => String(store.id) === chosen);
  const value = known ? chosen : '';
  return {
    storeId: value ? Number(value) : undefined,
    value,
    shown: items.length > 1,
    options: [
      { value: '', label: ALL_STORES_LABEL },
      ...items.map((store) => ({
        value: String(store.id),
        label: store.is_active ? store.name : `${store.name} (desativada)`,
      })),
    ],
    choose: (next) => {
      setChosen(next);
      save(next, storage);
    },
  };
}

/** The "Filtrar por loja" select of a filter bar; nothing when there is one store. */
export function StoreFilterField({ filter }: { filter: StoreFilter }) {
  if (!filter.shown) return null;
  return (
    <SelectField
      label="Filtrar por loja"
      value={filter.value}
      onChange={(event) => filter.choose(event.target.value)}
      options={filter.options}
    />
  );
}
