import { type InvoiceGenerationRun } from '@turno/contracts';
import { MESSAGES, formatDateBR, formatMoney, formatPeriodBR, saoPauloDate } from '@turno/domain';
import { Alert, Button, Card, Dialog } from '@turno/ui';
import { useState, type CSSProperties } from 'react';
import { shortPeriod, weeklyButtons, type WeekOffset } from './generation';

export interface GenerationPanelProps {
  now: Date;
  run: InvoiceGenerationRun | undefined;
  error: string | undefined;
  /** A run is starting or working: every generation button is disabled. */
  busy: boolean;
  onWeekly: (offset: WeekOffset) => void;
  onCustom: () => void;
}

const barTrack: CSSProperties = {
  height: 10,
  borderRadius: 999,
  background: 'var(--t-color-border)',
  overflow: 'hidden',
};

function RunProgress({ run }: { run: InvoiceGenerationRun }) {
  const progress = run.progress;
  const label =
    run.state === 'waiting' || !progress
      ? MESSAGES.invoices.generationWaiting
      : MESSAGES.invoices.generationProgress(progress.processed, progress.total);
  const percent =
    progress && progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;
  return (
    <div className="t-stack" data-testid="generation-progress">
      <p style={{ margin: 0 }} aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Progresso da geração de faturas"
        aria-valuemin={0}
        aria-valuemax={progress?.total ?? 0}
        aria-valuenow={progress?.processed ?? 0}
        aria-valuetext={label}
        style={barTrack}
      >
        <div
          style={{
            width: `${percent}%`,
            height: '100%',
            background: 'var(--t-color-primary)',
            transition: 'width .3s',
          }}
        />
      </div>
    </div>
  );
}

const termStyle: CSSProperties = { fontSize: 13, color: 'var(--t-color-muted)', margin: 0 };
const valueStyle: CSSProperties = { fontSize: 18, fontWeight: 700, margin: 0 };

function ResultBox({ run, now }: { run: InvoiceGenerationRun; now: Date }) {
  const result = run.result;
  if (!result) return null;
  // Which week (or period) the box is about, dd/mm–dd/mm, and whether that week is still running.
  const heading =
    run.kind === 'weekly' && run.result
      ? MESSAGES.invoices.resultWeek(shortPeriod(run.result.weekStart, run.result.weekEnd))
      : run.kind === 'custom' && run.result
        ? `Período ${shortPeriod(run.result.startDate, run.result.endDate)}`
        : '';
  const weekRunning = run.kind === 'weekly' && run.result !== null && run.result.weekEnd >= saoPauloDate(now);
  const period =
    run.kind === 'weekly' && run.result
      ? run.result.weekProcessed
      : run.kind === 'custom' && run.result
        ? formatPeriodBR(run.result.startDate, run.result.endDate)
        : '';
  const entries: [string, string][] = [
    [run.kind === 'weekly' ? 'Semana processada' : 'Período processado', period],
    ['Faturas geradas', String(result.invoicesGenerated)],
    ['Serviços', String(result.completedAssignments)],
    ['Valor faturado', formatMoney(result.amountBilled)],
  ];
  return (
    <section
      className="t-alert t-alert--success"
      role="status"
      aria-label="Resultado da geração"
      data-testid="generation-result"
      style={{ display: 'block' }}
    >
      <p className="t-alert__title" data-testid="generation-result-week">
        {heading}
      </p>
      <p style={{ margin: 0 }}>{result.message}</p>
      {weekRunning && (
        <p style={{ margin: '4px 0 0', fontWeight: 600 }} data-testid="generation-week-running">
          {MESSAGES.invoices.weekStillRunning}
        </p>
      )}
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
          gap: 12,
          margin: '8px 0 0',
        }}
      >
        {entries.map(([term, value]) => (
          <div key={term}>
            <dt style={termStyle}>{term}</dt>
            <dd style={{ ...valueStyle, marginInlineStart: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="t-muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
        Emissão {formatDateBR(result.issueDate)} · vencimento {formatDateBR(result.dueDate)}
      </p>
    </section>
  );
}

/**
 * "Gerar faturas" (spec 02 §2): the four weekly buttons and the custom invoice button, the progress
 * of the run the worker is doing, then its result box (week processed, invoices generated, services).
 */
export function GenerationPanel({ now, run, error, busy, onWeekly, onCustom }: GenerationPanelProps) {
  const running = run && (run.state === 'waiting' || run.state === 'active');
  // The week last asked for: the one pressed button (primary, aria-pressed); none before a choice.
  const [chosen, setChosen] = useState<WeekOffset | null>(null);
  // "Semana atual" waits for a confirmation: that week is not over yet.
  const [confirmCurrent, setConfirmCurrent] = useState(false);
  const weeks = weeklyButtons(now);
  const current = weeks.find((week) => week.offset === 0);
  const generate = (offset: WeekOffset) => {
    setChosen(offset);
    onWeekly(offset);
  };
  return (
    <Card title="Gerar faturas" titleAs="h3">
      <div className="t-stack">
        <div
          className="t-grid"
          style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 8 }}
          role="group"
          aria-label="Geração semanal"
        >
          {weeks.map((week) => (
            <Button
              key={week.offset}
              variant={chosen === week.offset ? 'primary' : 'secondary'}
              aria-pressed={chosen === week.offset}
              disabled={busy}
              onClick={() => (week.offset === 0 ? setConfirmCurrent(true) : generate(week.offset))}
              style={{ flexDirection: 'column', gap: 0, height: 'auto', paddingBlock: 8 }}
            >
              {/* The name is the visible text (WCAG 2.5.3), "Gerar faturas:" before it for screen readers. */}
              <span className="t-visually-hidden">Gerar faturas: </span>
              <span>{week.label}</span> <span style={{ fontSize: 12, fontWeight: 400 }}>({week.period})</span>
            </Button>
          ))}
          <Button variant="ghost" disabled={busy} onClick={onCustom}>
            Fatura personalizada
          </Button>
        </div>
        {running && <RunProgress run={run} />}
        {run?.state === 'completed' && <ResultBox run={run} now={now} />}
        {error && <Alert tone="danger">{error}</Alert>}
      </div>
      {confirmCurrent && (
        <Dialog
          title={MESSAGES.invoices.currentWeekConfirmTitle}
          onClose={() => setConfirmCurrent(false)}
          size="small"
          closeButton={false}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirmCurrent(false)}>
                Cancelar
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  setConfirmCurrent(false);
                  generate(0);
                }}
              >
                {MESSAGES.invoices.currentWeekConfirm}
              </Button>
            </>
          }
        >
          <p style={{ margin: 0 }} data-testid="current-week-warning">
            {MESSAGES.invoices.currentWeekNotOver(current?.shortPeriod ?? '')}
          </p>
        </Dialog>
      )}
    </Card>
  );
}
