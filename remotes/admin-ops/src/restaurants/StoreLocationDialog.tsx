import { StoreLocationResponseSchema, type StoreLocationResponse } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, bffErrorMessage, Button, Dialog, fetchBff, Loading, sendBff, TextField } from '@turno/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const storeLocationUrl = (restaurantId: number) =>
  `${ADMIN_OPS_BFF}/restaurants/${restaurantId}/location`;

export interface StoreLocationDialogProps {
  restaurantId: number;
  businessName: string;
  onClose: () => void;
  fetchImpl?: typeof fetch;
}

interface LocationForm {
  latitude: string;
  longitude: string;
  radius: string;
  reason: string;
}

const formOf = (location: StoreLocationResponse): LocationForm => ({
  latitude: location.latitude === null ? '' : String(location.latitude),
  longitude: location.longitude === null ? '' : String(location.longitude),
  radius: location.radius_m === null ? '' : String(location.radius_m),
  reason: '',
});
/** '' → null; a decimal comma is taken. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/**
 * "Localização" of a store (issue 23): what the geocoder found (or why not), "Buscar pelo endereço",
 * and the coordinates and check-in radius the admin may correct, with a reason (audited).
 */
export function StoreLocationDialog({
  restaurantId,
  businessName,
  onClose,
  fetchImpl,
}: StoreLocationDialogProps) {
  const [location, setLocation] = useState<StoreLocationResponse | null>(null);
  const [form, setForm] = useState<LocationForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'danger' | 'warning'; text: string } | null>(
    null,
  );

  const show = (answer: StoreLocationResponse) => {
    setLocation(answer);
    setForm(formOf(answer));
  };
  useEffect(() => {
    fetchBff(storeLocationUrl(restaurantId), StoreLocationResponseSchema, { fetchImpl }).then(
      show,
      (error: unknown) =>
        setFeedback({
          tone: 'danger',
          text: error instanceof Error ? error.message : MESSAGES.common.unknown,
        }),
    );
  }, [restaurantId, fetchImpl]);

  async function write(run: () => Promise<StoreLocationResponse>, fallback: string) {
    setBusy(true);
    setFeedback(null);
    try {
      const answer = await run();
      show(answer);
      const found = answer.geocode_status === 'found' || answer.geocode_status === 'manual';
      setFeedback({
        tone: found ? 'success' : 'warning',
        text: answer.message ?? MESSAGES.presence.locationSaved,
      });
    } catch (error) {
      setFeedback({ tone: 'danger', text: bffErrorMessage(error, fallback) });
    } finally {
      setBusy(false);
    }
  }

  const geocode = () =>
    write(
      () =>
        sendBff(`${storeLocationUrl(restaurantId)}/geocode`, {
          method: 'POST',
          body: {},
          schema: StoreLocationResponseSchema,
          fetchImpl,
        }),
      MESSAGES.presence.geocodeFailed,
    );
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    void write(
      () =>
        sendBff(storeLocationUrl(restaurantId), {
          method: 'PUT',
          body: {
            latitude: numberOf(form.latitude),
            longitude: numberOf(form.longitude),
            radius_m: numberOf(form.radius),
            reason: form.reason,
          },
          schema: StoreLocationResponseSchema,
          fetchImpl,
        }),
      MESSAGES.common.saveFailed,
    );
  };
  const change = (field: keyof LocationForm) => (value: string) =>
    form && setForm({ ...form, [field]: value });
  const formId = `store-location-${restaurantId}`;
  const status = location?.geocode_status ?? 'none';

  return (
    <Dialog
      title={`${MESSAGES.presence.locationTitle}: ${businessName}`}
      busy={busy}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {MESSAGES.presence.close}
          </Button>
          <Button variant="secondary" onClick={() => void geocode()} disabled={busy || !location}>
            {MESSAGES.presence.geocode}
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={!form}>
            {MESSAGES.presence.save}
          </Button>
        </>
      }
    >
      {feedback && (
        <Alert tone={feedback.tone} data-testid="location-feedback">
          {feedback.text}
        </Alert>
      )}
      {!location || !form ? (
        !feedback && <Loading />
      ) : (
        <form id={formId} onSubmit={save} className="t-form-grid" noValidate>
          <p style={{ margin: 0, gridColumn: '1 / -1', overflowWrap: 'anywhere' }}>
            <strong>{location.address || MESSAGES.presence.geocodeNoAddress}</strong>
            <br />
            <span data-testid="geocode-status">{MESSAGES.presence.geocodeStatus[status]}</span>
          </p>
          <TextField
            label={MESSAGES.presence.latitude}
            value={form.latitude}
            onChange={(event) => change('latitude')(event.target.value)}
            inputMode="decimal"
          />
          <TextField
            label={MESSAGES.presence.longitude}
            value={form.longitude}
            onChange={(event) => change('longitude')(event.target.value)}
            inputMode="decimal"
          />
          <TextField
            label={MESSAGES.presence.radius}
            value={form.radius}
            onChange={(event) => change('radius')(event.target.value)}
            inputMode="numeric"
            hint={MESSAGES.presence.radiusHint(location.default_radius_m)}
          />
          <TextField
            label={MESSAGES.presence.reason}
            value={form.reason}
            onChange={(event) => change('reason')(event.target.value)}
            required
          />
        </form>
      )}
    </Dialog>
  );
}
