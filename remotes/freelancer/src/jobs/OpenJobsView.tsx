import { type OpenJob } from '@turno/contracts';
import { OpenJobCard } from './OpenJobCard';
import { sortByShift } from './open-jobs';

/** The "Vagas" tab: open vacancies as cards, soonest first. */
export function OpenJobsView({ jobs, now = new Date() }: { jobs: readonly OpenJob[]; now?: Date }) {
  return (
    <section aria-labelledby="open-jobs-title" className="t-stack">
      <h2 id="open-jobs-title" style={{ fontSize: 18 }}>
        Vagas disponíveis <span className="t-muted">({jobs.length})</span>
      </h2>
      {jobs.length === 0 ? (
        <p className="t-card t-coming-soon" role="status">
          Nenhuma vaga disponível no momento. Volte mais tarde: novas vagas aparecem todos os dias.
        </p>
      ) : (
        <div className="t-grid">
          {sortByShift(jobs).map((job) => (
            <OpenJobCard key={job.id} job={job} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}
