import { type AdminRestaurant } from '@turno/contracts';
import { ESTABLISHMENT_TYPES, MESSAGES } from '@turno/domain';
import { Alert, Button, CnpjField, Dialog, PhoneField, SelectField, TextField } from '@turno/ui';
import { useState, type FormEvent } from 'react';
import { restaurantForm, restaurantFormError, type RestaurantForm } from './restaurant-actions';

export interface RestaurantEditDialogProps {
  restaurant: AdminRestaurant;
  busy: boolean;
  /** The server's refusal of the last save, shown in the dialog. */
  error: string | null;
  onSave: (form: RestaurantForm) => void;
  onCancel: () => void;
  /** "Localização": where the store is and its check-in radius (issue 23). */
  onLocation?: () => void;
}

/**
 * "Editar Mercado": responsible and business name required, the other fields optional; razão social
 * and CNPJ (issue 25) checked, and required once the business has them.
 */
export function RestaurantEditDialog({
  restaurant,
  busy,
  error,
  onSave,
  onCancel,
  onLocation,
}: RestaurantEditDialogProps) {
  const [form, setForm] = useState(() => restaurantForm(restaurant));
  const [checkError, setCheckError] = useState<string | null>(null);
  const change = (field: keyof RestaurantForm) => (value: string) => setForm({ ...form, [field]: value });
  const types = [
    ...new Set([...ESTABLISHMENT_TYPES, ...(restaurant.cuisine_type ? [restaurant.cuisine_type] : [])]),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = restaurantFormError(form, restaurant);
    setCheckError(missing);
    if (!missing) onSave(form);
  };
  const formId = `restaurant-edit-${restaurant.id}`;
  const shown = checkError ?? error;
  return (
    <Dialog
      title="Editar Mercado"
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          {onLocation && (
            <Button variant="secondary" onClick={onLocation} disabled={busy}>
              Localização
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Salvar
          </Button>
        </>
      }
    >
      {shown && <Alert tone="danger">{shown}</Alert>}
      <form id={formId} onSubmit={submit} className="t-form-grid" noValidate>
        <TextField
          label="Nome do responsável"
          value={form.name}
          maxLength={255}
          required
          onChange={(e) => change('name')(e.target.value)}
          error={checkError === MESSAGES.restaurants.nameRequired ? checkError : undefined}
        />
        <TextField
          label="Nome do estabelecimento"
          value={form.business_name}
          maxLength={255}
          required
          onChange={(e) => change('business_name')(e.target.value)}
          error={checkError === MESSAGES.restaurants.businessNameRequired ? checkError : undefined}
        />
        <TextField
          label={MESSAGES.restaurants.legalNameLabel}
          value={form.legal_name}
          maxLength={150}
          optional={!restaurant.legal_name}
          required={Boolean(restaurant.legal_name)}
          onChange={(e) => change('legal_name')(e.target.value)}
          error={
            checkError === MESSAGES.restaurants.legalNameRequired ||
            checkError === MESSAGES.restaurants.legalNameLength
              ? checkError
              : undefined
          }
        />
        <CnpjField
          value={form.cnpj}
          onChange={change('cnpj')}
          optional={!restaurant.cnpj}
          required={Boolean(restaurant.cnpj)}
          error={
            checkError === MESSAGES.restaurants.cnpjRequired ||
            checkError === MESSAGES.restaurants.invalidCnpj
              ? checkError
              : undefined
          }
        />
        <PhoneField label="Telefone" value={form.phone} onChange={change('phone')} optional />
        <SelectField
          label="Tipo de estabelecimento"
          optional
          value={form.cuisine_type}
          onChange={(e) => change('cuisine_type')(e.target.value)}
        >
          <option value="">Não informado</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Endereço"
          optional
          maxLength={255}
          value={form.address}
          onChange={(e) => change('address')(e.target.value)}
        />
        <TextField
          label="Número"
          optional
          maxLength={255}
          value={form.address_number}
          onChange={(e) => change('address_number')(e.target.value)}
        />
        <TextField
          label="Pessoa de contato"
          optional
          maxLength={255}
          value={form.contact_person}
          onChange={(e) => change('contact_person')(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
