import { MESSAGES } from '@turno/domain';
import {
  FREELANCER_APPLICATION_FILTERS,
  type FreelancerApplicationFilter,
  type FreelancerApplicationsPage,
} from '@turno/contracts';
import { PagedListBody, type PagedList } from '@turno/ui';
import { CARD_GRID_STYLE } from '../shared/Details';
import { FilterChips } from '../shared/FilterChips';
import { ApplicationCard } from './ApplicationCard';
import { APPLICATION_FILTER_LABELS, isLapsed } from './applications';

export interface ApplicationsViewProps {
  list: PagedList<FreelancerApplicationsPage>;
  status: FreelancerApplicationFilter;
  onStatusChange: (status: FreelancerApplicationFilter) => void;
  now: Date;
}

/** The "Candidaturas" tab: a status filter with counts, then the applications as cards, newest first. */
export function ApplicationsView({ list, status, onStatusChange, now }: ApplicationsViewProps) {
  const counts = list.data?.counts;
  return (
    <section aria-labelledby="applications-title" className="t-stack">
      <h2 id="applications-title" style={{ fontSize: 18 }}>
        Minhas candidaturas
      </h2>
      <FilterChips
        label="Filtrar candidaturas por status"
        value={status}
        onChange={onStatusChange}
        chips={FREELANCER_APPLICATION_FILTERS.map((value) => ({
          value,
          label: APPLICATION_FILTER_LABELS[value],
          count: counts?.[value],
        }))}
      />
      <PagedListBody list={list} label="Lista de candidaturas" errorTitle={MESSAGES.applications.loadFailed}>
        {(data) => {
          const shown = data.items.filter((application) => !isLapsed(application, now));
          return shown.length === 0 ? (
            <p className="t-card t-coming-soon" role="status">
              {status === 'all'
                ? 'Você ainda não tem candidaturas. Escolha uma vaga em Vagas e toque em "Candidatar-se".'
                : 'Nenhuma candidatura com este status.'}
            </p>
          ) : (
            <div style={CARD_GRID_STYLE}>
              {shown.map((application) => (
                <ApplicationCard key={application.id} application={application} now={now} />
              ))}
            </div>
          );
        }}
      </PagedListBody>
    </section>
  );
}
