import { MESSAGES } from '@turno/domain';
import { Alert } from '@turno/ui';

/** Issue 23: applying is suspended (3 active strikes) until `until`: says until when and why. */
export function SuspensionBanner({ until }: { until: string }) {
  return (
    <Alert tone="danger" title={MESSAGES.reliability.suspendedTitle} data-testid="banner-suspended">
      {MESSAGES.reliability.suspended(until)}
    </Alert>
  );
}
