import { AdminBusinessStoresSchema } from '@turno/contracts';
import { SelectField, useBffQuery } from '@turno/ui';
import { useEffect } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const restaurantStoresUrl = (restaurantId: string) =>
  `${ADMIN_OPS_BFF}/restaurants/${restaurantId}/stores`;

interface StoreFieldProps {
  restaurantId: string;
  value: string;
  onChange: (storeId: string) => void;
  /** Whether the business has two active stores or more (then the store must be chosen). */
  onRequiredChange: (required: boolean) => void;
  error?: string;
}

/**
 * "Loja" of Criar Vagas (issue 28): the chosen business's active stores, shown when it has two or
 * more (the vacancies go to the one chosen); with one store nothing is shown and the server takes
 * it. While the stores are unknown (loading, or their read failed) nothing is asked either.
 */
export function StoreField({ restaurantId, value, onChange, onRequiredChange, error }: StoreFieldProps) {
  const stores = useBffQuery(restaurantStoresUrl(restaurantId), AdminBusinessStoresSchema);
  const active = stores.data?.items.filter((store) => store.is_active) ?? [];
  const required = active.length > 1;
  useEffect(() => onRequiredChange(required), [required, onRequiredChange]);
  if (!required) return null;
  return (
    <SelectField label="Loja" value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      <option value="">Selecione a loja</option>
      {active.map((store) => (
        <option key={store.id} value={String(store.id)}>
          {store.name}
        </option>
      ))}
    </SelectField>
  );
}
