import { ComingSoon, PageHeader } from '@turno/ui';
import { Link, useParams } from '../router';
import { SiteLayout } from '../layout/SiteLayout';

/** Edit one job (spec 02 §2). */
export function AdminJobEditPage() {
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
      <title>{`Turno · Editar vaga #${jobId ?? ''}`}</title>
      <PageHeader title="Editar Vaga" subtitle={`Vaga #${jobId ?? ''}`} />
      <ComingSoon title="Edição de vaga">
        Mercado, função, data, turno, horário, refeição, vestimenta e descrição.
      </ComingSoon>
    </SiteLayout>
  );
}
