import { type Job } from '@turno/contracts';
import { formatDateBR, formatMoney, JOB_STATUS_LABELS, relativeDayLabel } from '@turno/domain';
import { Badge, formatTimeRange, StatCard, StatGrid, Table, type TableColumn } from '@turno/ui';
import { JOB_STATUS_TONES, sortByShift, summarize } from './jobs';

function columns(now: Date): TableColumn<Job>[] {
  return [
    {
      key: 'title',
      header: 'Vaga',
      render: (j) => (
        <>
          <strong>{j.title}</strong>
          {j.position_type !== j.title && <div className="t-muted">{j.position_type}</div>}
        </>
      ),
    },
    {
      key: 'date',
      header: 'Data',
      render: (j) => {
        const relative = relativeDayLabel(j.date_needed, now);
        return (
          <span className="t-row">
            {formatDateBR(j.date_needed)}
            {relative && <Badge tone="info">{relative}</Badge>}
          </span>
        );
      },
    },
    { key: 'time', header: 'Horário', render: (j) => formatTimeRange(j.start_time, j.end_time) },
    { key: 'price', header: 'Valor', align: 'right', render: (j) => formatMoney(j.hourly_rate) },
    {
      key: 'status',
      header: 'Status',
      render: (j) => <Badge tone={JOB_STATUS_TONES[j.status]}>{JOB_STATUS_LABELS[j.status]}</Badge>,
    },
    {
      key: 'freelancer',
      header: 'Freelancer',
      render: (j) => j.freelancer_name ?? <span className="t-muted">Aguardando candidatos</span>,
    },
  ];
}

/** The "Agenda" tab: the restaurant's vacancies with a summary. */
export function AgendaView({ jobs, now = new Date() }: { jobs: readonly Job[]; now?: Date }) {
  const summary = summarize(jobs);
  return (
    <div className="t-stack">
      <StatGrid label="Resumo das vagas">
        <StatCard label="Abertas" value={summary.open} tone="info" />
        <StatCard label="Alocadas" value={summary.assigned} tone="warning" />
        <StatCard label="Concluídas" value={summary.completed} tone="success" />
        <StatCard label="Total" value={summary.total} />
      </StatGrid>
      <Table
        caption="Agenda de vagas"
        columns={columns(now)}
        rows={sortByShift(jobs)}
        rowKey={(j) => j.id}
        emptyMessage="Nenhuma vaga cadastrada ainda."
      />
    </div>
  );
}
