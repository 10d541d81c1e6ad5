import { PaymentHistoryPageSchema, PaymentHistoryQuerySchema } from '@turno/contracts';
import { formatDateBR, formatMoney, POLL_INTERVAL_MS, SUCCESS_MESSAGE_MS, MESSAGES } from '@turno/domain';
import { PayoutLineState, PayoutState, payoutLineLabel } from './PayoutState';
import {
  Alert,
  Badge,
  Button,
  Card,
  formatTimestampBR,
  PagedListBody,
  StatCard,
  StatGrid,
  useLiveRefresh,
  usePagedList,
} from '@turno/ui';
import { useEffect, useState } from 'react';
import { CARD_GRID_STYLE, Details, WrappingTitle } from '../shared/Details';
import { BFF } from '../shared/bff';
import { RatingDialog, type RatingTarget } from './RatingDialog';

export const PAYMENTS_URL = `${BFF}/freelancers/payment-history`;
const PAYMENTS_DEFAULTS = PaymentHistoryQuerySchema.parse({});

export interface FinancesScreenProps {
  fetchImpl?: typeof fetch;
  /** Opens the rating of this shift at once (the prompt after a completion in Trabalhos). */
  rateFirst?: RatingTarget | null;
}

/**
 * The "Finanças" tab: this week's and this month's earnings, the payments of the last 30 days
 * (title, business, date, check-out time, amount, the Pix payout's state, live on `payout_updated`)
 * and "Avaliar Mercado" on each not yet rated.
 */
export function FinancesScreen({ fetchImpl, rateFirst = null }: FinancesScreenProps) {
  const list = usePagedList(PAYMENTS_URL, {}, PaymentHistoryPageSchema, {
    defaults: PAYMENTS_DEFAULTS,
    fetchImpl,
  });
  useLiveRefresh('freelancer', list.refresh, {
    pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    types: ['job_completed', 'rating_created', 'payout_updated'],
  });
  const [rating, setRating] = useState<RatingTarget | null>(rateFirst);
  const [flash, setFlash] = useState<string | null>(null);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const totals = list.data?.totals;
  return (
    <section aria-labelledby="finances-title" className="t-stack">
      <h2 id="finances-title" style={{ fontSize: 18 }}>
        Meus ganhos
      </h2>
      <StatGrid label="Totais recebidos">
        <StatCard label="Esta semana" tone="success" value={totals ? formatMoney(totals.week) : '—'} />
        <StatCard label="Este mês" tone="success" value={totals ? formatMoney(totals.month) : '—'} />
      </StatGrid>
      {flash && (
        <Alert tone="success" data-testid="finances-flash">
          {flash}
        </Alert>
      )}
      <h3 style={{ fontSize: 16 }}>Pagamentos dos últimos 30 dias</h3>
      <PagedListBody
        list={list}
        label="Histórico de pagamentos"
        errorTitle={MESSAGES.shifts.paymentHistoryLoadFailed}
      >
        {(data) =>
          data.items.length === 0 ? (
            <p className="t-card t-coming-soon">Nenhum pagamento nos últimos 30 dias.</p>
          ) : (
            <div style={CARD_GRID_STYLE}>
              {data.items.map((entry) => (
                <Card
                  key={entry.id}
                  title={<WrappingTitle>{entry.title}</WrappingTitle>}
                  titleAs="h3"
                  actions={entry.rated ? <Badge tone="success">Avaliado</Badge> : undefined}
                >
                  <Details
                    lines={[
                      { label: 'Mercado', value: entry.restaurant_name },
                      { label: 'Data', value: formatDateBR(entry.date_needed) },
                      { label: 'Check-out', value: formatTimestampBR(entry.check_out_time) },
                      {
                        label: 'Valor',
                        value: <strong>{formatMoney(entry.freelancer_payment_amount)}</strong>,
                      },
                      {
                        label: 'Pix',
                        value: entry.payout_status ? <PayoutState entry={entry} /> : null,
                      },
                      ...(entry.payout_lines ?? []).map((line, index, lines) => ({
                        label: payoutLineLabel(line, lines.slice(0, index)),
                        value: <PayoutLineState line={line} />,
                      })),
                    ]}
                  />
                  {entry.can_rate && (
                    <Button
                      variant="secondary"
                      style={{ width: '100%', marginTop: 12 }}
                      onClick={() => setRating(entry)}
                    >
                      Avaliar Mercado
                    </Button>
                  )}
                </Card>
              ))}
            </div>
          )
        }
      </PagedListBody>
      {rating && (
        <RatingDialog
          target={rating}
          fetchImpl={fetchImpl}
          onClose={() => setRating(null)}
          onRated={(message) => {
            setRating(null);
            setFlash(message);
            list.refresh();
          }}
        />
      )}
    </section>
  );
}
