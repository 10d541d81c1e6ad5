import { type FreelancerApplication } from '@turno/contracts';
import { formatDayBR, formatMoney } from '@turno/domain';
import { Badge, Card, formatTimeRange, formatTimestampBR } from '@turno/ui';
import { areaText } from '../jobs/OpenJobCard';
import { Details, WrappingTitle } from '../shared/Details';
import { APPLICATION_TONES, applicationStatusLabel, expiryText } from './applications';

/**
 * One application (spec 01 "Candidaturas"): title, the business once accepted (its area before),
 * date, times, payout, status, when it was sent and, while pending, when it expires and the time left.
 */
export function ApplicationCard({ application, now }: { application: FreelancerApplication; now: Date }) {
  const expiry = expiryText(application, now);
  return (
    <Card
      title={<WrappingTitle>{application.title}</WrappingTitle>}
      titleAs="h3"
      actions={
        <Badge tone={APPLICATION_TONES[application.status]}>
          {applicationStatusLabel(application.status)}
        </Badge>
      }
    >
      <Details
        lines={[
          application.restaurant_name
            ? { label: 'Mercado', value: application.restaurant_name }
            : { label: 'Local', value: areaText(application) ?? 'Informado após a aceitação' },
          { label: 'Data', value: formatDayBR(application.date_needed, now) },
          { label: 'Horário', value: formatTimeRange(application.start_time, application.end_time) },
          { label: 'Você recebe', value: formatMoney(application.freelancer_payment_amount) },
          { label: 'Enviada em', value: formatTimestampBR(application.applied_at) },
          { label: 'Mensagem', value: application.message },
        ]}
      />
      {expiry && (
        <p
          style={{ margin: '10px 0 0', fontWeight: 600, color: 'var(--t-color-warning)' }}
          data-testid="expiry"
        >
          {expiry}
        </p>
      )}
      {application.status === 'accepted' && (
        <p style={{ margin: '10px 0 0' }} className="t-muted">
          Veja endereço e horários em Trabalhos.
        </p>
      )}
    </Card>
  );
}
