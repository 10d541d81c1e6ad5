import { type FreelancerShift } from '@turno/contracts';
import { formatDayBR, formatMoney, parseInstant, saoPauloTime } from '@turno/domain';
import { Badge, Card, formatTimeRange } from '@turno/ui';
import { Details, WrappingTitle } from '../shared/Details';
import { CancelShift } from './CancelShift';
import { ConfirmPresence } from './ConfirmPresence';
import { ShiftActions } from './ShiftActions';
import { ShiftTimesheet } from '../timesheets/ShiftTimesheet';
import { mapsUrl, SHIFT_BADGE_TONES, shiftBadge } from './shifts';

const clock = (timestamp: string | null) => {
  const instant = parseInstant(timestamp);
  return instant ? saoPauloTime(instant) : null;
};

export interface ShiftCardProps {
  shift: FreelancerShift;
  now: Date;
  onDone: (message: string) => void;
  /** The shift a notification's link names (`?turno=<id>`, issue 26): its confirm button takes the focus. */
  highlighted?: boolean;
  fetchImpl?: typeof fetch;
}

/**
 * One held shift (spec 01 "Trabalhos"): status badge, the business's name and full address with a
 * maps link, day, times, meal break, attire, payout, the times of the flow so far, and its actions.
 */
export function ShiftCard({ shift, now, onDone, highlighted, fetchImpl }: ShiftCardProps) {
  const badge = shiftBadge(shift);
  const progress = [
    ['A caminho', clock(shift.on_the_way_time)],
    ['Check-in', clock(shift.check_in_time)],
    ['Check-out', clock(shift.check_out_time)],
  ]
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([label, time]) => `${label} ${time}`)
    .join(' · ');
  return (
    <Card
      title={<WrappingTitle>{shift.title}</WrappingTitle>}
      titleAs="h3"
      actions={<Badge tone={SHIFT_BADGE_TONES[badge]}>{badge}</Badge>}
    >
      <Details
        lines={[
          { label: 'Mercado', value: shift.restaurant_name },
          {
            label: 'Endereço',
            value: shift.restaurant_address && (
              <>
                {shift.restaurant_address}{' '}
                <a
                  className="t-link"
                  href={mapsUrl(shift.restaurant_address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  Abrir no mapa<span className="t-visually-hidden"> (abre em nova aba)</span>
                </a>
              </>
            ),
          },
          { label: 'Data', value: formatDayBR(shift.date_needed, now) },
          { label: 'Horário', value: formatTimeRange(shift.start_time, shift.end_time) },
          { label: 'Refeição', value: shift.meal_time },
          { label: 'Vestimenta', value: shift.recommended_attire },
          { label: 'Você recebe', value: formatMoney(shift.freelancer_payment_amount) },
          { label: 'Registro', value: progress },
        ]}
      />
      {shift.assignment_status !== 'completed' && (
        <div style={{ marginTop: 12 }}>
          <ConfirmPresence
            shift={shift}
            now={now}
            onDone={onDone}
            focus={highlighted}
            fetchImpl={fetchImpl}
          />
          <ShiftActions shift={shift} now={now} onDone={onDone} fetchImpl={fetchImpl} />
          <CancelShift shift={shift} now={now} onDone={onDone} fetchImpl={fetchImpl} />
        </div>
      )}
      <ShiftTimesheet shift={shift} now={now} />
    </Card>
  );
}
