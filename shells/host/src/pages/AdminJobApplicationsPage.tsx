import { ComingSoon, PageHeader } from '@turno/ui';
import { Link, useParams } from '../router';
import { SiteLayout } from '../layout/SiteLayout';

/** Applications of one job (spec 02 §2). */
export function AdminJobApplicationsPage() {
  const { jobId } = useParams();
  return (
    <SiteLayout
      context="Administração"
      nav={
        <Link to="/admin/dashboard" className="t-link">
          Voltar ao painel
        </Link>
      }
    >
      <title>{`Turno · Candidaturas da vaga #${jobId ?? ''}`}</title>
      <PageHeader title={`Candidaturas da vaga #${jobId ?? ''}`} />
      <ComingSoon title="Candidaturas">
        Lista de candidatos com aceite e recusa das candidaturas pendentes.
      </ComingSoon>
    </SiteLayout>
  );
}
