import { ShiftConfirmationSettingsSchema } from '@turno/contracts';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { Alert, Card, fetchBff, useBffMutation } from '@turno/ui';
import { useEffect, useState } from 'react';
import { BFF } from '../shared/bff';

export const SHIFT_CONFIRMATION_SETTINGS_URL = `${BFF}/restaurant/shift-confirmation-settings`;

/**
 * Perfil → "Liberar automaticamente turnos não confirmados" (issue 26): when a freelancer has not
 * confirmed presence 12 h before the start, the shift is released at once (no cost) instead of the
 * business being told and choosing "Liberar vaga". Saved as soon as it is changed.
 */
export function ShiftConfirmationSetting({ fetchImpl }: { fetchImpl?: typeof fetch }) {
  const [value, setValue] = useState<boolean | null>(null);
  const [saved, setSaved] = useState(false);
  const mutation = useBffMutation({ fetchImpl });
  useEffect(() => {
    const controller = new AbortController();
    fetchBff(SHIFT_CONFIRMATION_SETTINGS_URL, ShiftConfirmationSettingsSchema, {
      signal: controller.signal,
      fetchImpl,
    }).then(
      (settings) => setValue(settings.autoReleaseUnconfirmed),
      () => undefined,
    );
    return () => controller.abort();
  }, [fetchImpl]);
  const change = async (next: boolean) => {
    setSaved(false);
    const result = await mutation.send(SHIFT_CONFIRMATION_SETTINGS_URL, {
      method: 'PUT',
      body: { autoReleaseUnconfirmed: next },
      schema: ShiftConfirmationSettingsSchema,
    });
    if (result.ok) {
      setValue(result.data.autoReleaseUnconfirmed);
      setSaved(true);
    }
  };
  return (
    <Card title="Confirmação de presença" titleAs="h2">
      <label style={{ display: 'flex', gap: 10, alignItems: 'flex-start', minHeight: 44, cursor: 'pointer' }}>
        <input
          type="checkbox"
          style={{ width: 22, height: 22, marginTop: 2, flex: 'none' }}
          checked={value ?? false}
          disabled={value === null || mutation.pending}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby="auto-release-hint"
        />
        <span>{SHIFT_CONFIRMATION_MESSAGES.autoReleaseLabel}</span>
      </label>
      <p id="auto-release-hint" className="t-muted" style={{ margin: '4px 0 0' }}>
        {SHIFT_CONFIRMATION_MESSAGES.autoReleaseHint}
      </p>
      {mutation.error && <Alert tone="danger">{mutation.error}</Alert>}
      {saved && (
        <p role="status" style={{ margin: '4px 0 0' }}>
          {SHIFT_CONFIRMATION_MESSAGES.autoReleaseSaved}
        </p>
      )}
    </Card>
  );
}
