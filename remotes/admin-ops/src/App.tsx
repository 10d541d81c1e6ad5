import { type AdminOpsSection, type RemoteAppProps } from '@turno/contracts';
import { Button, Card, Loading, ThemeRoot } from '@turno/ui';
import { Suspense, lazy } from 'react';

// Each section is a chunk of its own, loaded when its tab opens. The command centre's
// (`section-dashboard`, the admin's first screen) counts in the 60 KB budget with remoteEntry and
// this App chunk (libs/build-config/budget.test.cjs; remotes/admin-ops/README.md, "Weight").
const CommandCentreScreen = lazy(() =>
  import(/* webpackChunkName: "section-dashboard" */ './command-centre/CommandCentreScreen').then((m) => ({
    default: m.CommandCentreScreen,
  })),
);
const FreelancersScreen = lazy(() =>
  import('./freelancers/FreelancersScreen').then((m) => ({ default: m.FreelancersScreen })),
);
const JobApplicationsPage = lazy(() =>
  import('./job-pages/JobApplicationsPage').then((m) => ({ default: m.JobApplicationsPage })),
);
const JobEditPage = lazy(() => import('./job-pages/JobEditPage').then((m) => ({ default: m.JobEditPage })));
const CreateJobsScreen = lazy(() =>
  import('./create-jobs/CreateJobsScreen').then((m) => ({ default: m.CreateJobsScreen })),
);
const RatingsScreen = lazy(() =>
  import('./ratings/RatingsScreen').then((m) => ({ default: m.RatingsScreen })),
);
const RestaurantControlScreen = lazy(() =>
  import('./restaurant-control/RestaurantControlScreen').then((m) => ({
    default: m.RestaurantControlScreen,
  })),
);
const BlocksScreen = lazy(() => import('./blocks/BlocksScreen').then((m) => ({ default: m.BlocksScreen })));
const AuditScreen = lazy(() => import('./audit/AuditScreen').then((m) => ({ default: m.AuditScreen })));
const DisputesScreen = lazy(() =>
  import('./disputes/DisputesScreen').then((m) => ({ default: m.DisputesScreen })),
);
const VettingScreen = lazy(() =>
  import('./vetting/VettingScreen').then((m) => ({ default: m.VettingScreen })),
);
const PrivacyScreen = lazy(() =>
  import('./privacy/PrivacyScreen').then((m) => ({ default: m.PrivacyScreen })),
);
const RestaurantsScreen = lazy(() =>
  import('./restaurants/RestaurantsScreen').then((m) => ({ default: m.RestaurantsScreen })),
);

/** The admin shell's tab that shows the command centre (its "Dashboard"). */
export const COMMAND_CENTRE_SECTION: AdminOpsSection = 'dashboard';
/** The admin shell's "Freelancers" tab. */
export const FREELANCERS_SECTION: AdminOpsSection = 'freelancers';
/** The admin shell's "Mercados" tab. */
export const RESTAURANTS_SECTION: AdminOpsSection = 'mercados';
/** The host's /admin/jobs page: the command centre's list on a page of its own. */
export const JOBS_PAGE_SECTION: AdminOpsSection = 'jobs';
/** The host's /admin/jobs/{jobId}/applications and /edit pages (`params.jobId`). */
export const JOB_APPLICATIONS_SECTION: AdminOpsSection = 'job-applications';
export const JOB_EDIT_SECTION: AdminOpsSection = 'job-edit';
/** The admin shell's "Criar Vagas", "Avaliações", "Bloqueios" and "Controle Mercado" tabs. */
export const CREATE_JOBS_SECTION: AdminOpsSection = 'criar-vagas';
export const RATINGS_SECTION: AdminOpsSection = 'avaliacoes';
export const BLOCKS_SECTION: AdminOpsSection = 'bloqueios';
export const RESTAURANT_CONTROL_SECTION: AdminOpsSection = 'controle-mercado';
/** The admin shell's "Auditoria" tab (issue 12). */
export const AUDIT_SECTION: AdminOpsSection = 'auditoria';
/** The admin shell's "Análise de cadastro" tab (issue 27): freelancers' checklists to review. */
export const VETTING_SECTION: AdminOpsSection = 'analise-cadastro';
/** The admin shell's "Disputas" tab (issue 23): appeals of strikes. */
export const DISPUTES_SECTION: AdminOpsSection = 'disputas';
/** The admin shell's "Privacidade" tab (issue 27): open deletion and export requests. */
export const PRIVACY_SECTION: AdminOpsSection = 'privacidade';

/**
 * `section`: the admin shell's tab (or host page) this area is shown in; `navigate`: the host's
 * router. A section this remote does not have yet says so instead of showing another screen.
 */
export type AdminOpsAppProps = RemoteAppProps<AdminOpsSection>;

function Section({ section, params, navigate }: AdminOpsAppProps) {
  switch (section) {
    case JOB_APPLICATIONS_SECTION:
      return <JobApplicationsPage params={params} navigate={navigate} />;
    case JOB_EDIT_SECTION:
      return <JobEditPage params={params} navigate={navigate} />;
    case CREATE_JOBS_SECTION:
      return <CreateJobsScreen />;
    case RATINGS_SECTION:
      return <RatingsScreen />;
    case BLOCKS_SECTION:
      return <BlocksScreen />;
    case RESTAURANT_CONTROL_SECTION:
      return <RestaurantControlScreen />;
    case AUDIT_SECTION:
      return <AuditScreen />;
    case DISPUTES_SECTION:
      return <DisputesScreen />;
    case VETTING_SECTION:
      return <VettingScreen />;
    case PRIVACY_SECTION:
      return <PrivacyScreen />;
    case COMMAND_CENTRE_SECTION:
    case JOBS_PAGE_SECTION:
      return <CommandCentreScreen />;
    case FREELANCERS_SECTION:
      return <FreelancersScreen />;
    case RESTAURANTS_SECTION:
    case undefined:
      return <RestaurantsScreen />;
    default:
      return (
        <Card title="Seção indisponível">
          <p>
            Esta seção não está disponível nesta versão da operação. O Centro de Comando mostra as vagas, as
            candidaturas e edita cada vaga.
          </p>
          {navigate && (
            <Button variant="secondary" size="sm" onClick={() => navigate('/admin/dashboard')}>
              Ir ao Centro de Comando
            </Button>
          )}
        </Card>
      );
  }
}

/**
 * Admin operations (markets, freelancers, jobs), exposed to the host as `admin_ops/App`. The host's
 * admin shell shows it in the "Dashboard" tab (the "Centro de Comando" job list), the "Mercados"
 * tab and the "Freelancers" tab.
 */
export default function App({ section, params, navigate }: AdminOpsAppProps) {
  return (
    <ThemeRoot data-remote="admin_ops" data-testid="remote-admin_ops">
      <Suspense fallback={<Loading />}>
        <Section section={section} params={params} navigate={navigate} />
      </Suspense>
    </ThemeRoot>
  );
}
