import {
  FreelancerOptionsPageSchema,
  RestaurantOptionsPageSchema,
  type FreelancerOption,
  type RestaurantOption,
} from '@turno/contracts';
import { ADMIN_OPS_TEXTS, MESSAGES, formatPhone } from '@turno/domain';
import { Alert, Button, Dialog, SelectField, TextAreaField, useBffQuery } from '@turno/ui';
import { useState } from 'react';
import { BLOCK_FREELANCER_OPTIONS_URL, BLOCK_RESTAURANT_OPTIONS_URL } from './blocks';

export interface BlockDialogProps {
  busy: boolean;
  error: string | null;
  onBlock: (input: { freelancerId: number; restaurantId: number; blockReason?: string }) => void;
  onCancel: () => void;
}

const freelancerLabel = (f: FreelancerOption) =>
  [
    f.name,
    !f.is_approved ? '(não aprovado)' : null,
    !f.is_available ? '(inativo)' : null,
    f.phone ? `· ${formatPhone(f.phone)}` : null,
    `· #${f.id}`,
  ]
    .filter(Boolean)
    .join(' ');
const restaurantLabel = (r: RestaurantOption) =>
  [r.business_name, !r.is_approved ? '(não aprovado)' : null, !r.is_active ? '(inativo)' : null]
    .filter(Boolean)
    .join(' ');

function EmptyHint({ what }: { what: 'freelancer' | 'mercado' }) {
  return (
    <Alert tone="warning" title={ADMIN_OPS_TEXTS.blocks.emptyOptionsTitle(what)}>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {ADMIN_OPS_TEXTS.blocks.emptyOptionsCauses.map((cause) => (
          <li key={cause}>{cause}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * "Novo Bloqueio" (spec 02 §2, §5): any freelancer (sorted by name, states marked, phone and id) at
 * any business (sorted by business name, states marked), an optional reason. "Bloquear" stays
 * disabled until both are chosen; a load failure shows an empty list with its likely causes.
 */
export function BlockDialog({ busy, error, onBlock, onCancel }: BlockDialogProps) {
  const freelancers = useBffQuery(BLOCK_FREELANCER_OPTIONS_URL, FreelancerOptionsPageSchema);
  const restaurants = useBffQuery(BLOCK_RESTAURANT_OPTIONS_URL, RestaurantOptionsPageSchema);
  const [freelancerId, setFreelancerId] = useState('');
  const [restaurantId, setRestaurantId] = useState('');
  const [reason, setReason] = useState('');
  const [checkError, setCheckError] = useState<string | null>(null);
  const freelancerItems = freelancers.data?.items ?? [];
  const restaurantItems = restaurants.data?.items ?? [];
  const ready = freelancerId !== '' && restaurantId !== '';
  const submit = () => {
    if (!ready) {
      setCheckError(MESSAGES.blocks.selectFreelancerAndRestaurant);
      return;
    }
    setCheckError(null);
    const trimmed = reason.trim();
    onBlock({
      freelancerId: Number(freelancerId),
      restaurantId: Number(restaurantId),
      ...(trimmed ? { blockReason: trimmed } : {}),
    });
  };
  const shown = checkError ?? error;
  return (
    <Dialog
      title="Novo Bloqueio"
      busy={busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={submit} busy={busy} disabled={!ready}>
            Bloquear
          </Button>
        </>
      }
    >
      {shown && <Alert tone="danger">{shown}</Alert>}
      <SelectField label="Freelancer" value={freelancerId} onChange={(e) => setFreelancerId(e.target.value)}>
        <option value="">Selecione o freelancer</option>
        {freelancerItems.map((f) => (
          <option key={f.id} value={String(f.id)}>
            {freelancerLabel(f)}
          </option>
        ))}
      </SelectField>
      {freelancers.status !== 'loading' && freelancerItems.length === 0 && <EmptyHint what="freelancer" />}
      <SelectField label="Mercado" value={restaurantId} onChange={(e) => setRestaurantId(e.target.value)}>
        <option value="">Selecione o mercado</option>
        {restaurantItems.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {restaurantLabel(r)}
          </option>
        ))}
      </SelectField>
      {restaurants.status !== 'loading' && restaurantItems.length === 0 && <EmptyHint what="mercado" />}
      <TextAreaField
        label="Motivo"
        optional
        rows={3}
        maxLength={255}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
