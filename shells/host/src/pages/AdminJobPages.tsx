import { PageHeader } from '@turno/ui';
import { Link, useParams } from '../router';
import { RemoteArea } from '../remotes/RemoteArea';
import { AdminFrame, type AdminFrameApi } from './AdminFrame';

const backToPanel = (
  <p style={{ margin: '0 0 12px' }}>
    <Link to="/admin/dashboard" className="t-link">
      ← Voltar ao painel
    </Link>
  </p>
);

/** /admin/jobs: every job of the platform on a page of its own (admin_ops, section `jobs`). */
export function AdminJobsPage({ api }: { api?: AdminFrameApi }) {
  return (
    <AdminFrame title="Vagas" api={api}>
      {backToPanel}
      <PageHeader title="Vagas" subtitle="Todas as vagas da plataforma" />
      <RemoteArea name="admin_ops" section="jobs" label="Vagas" />
    </AdminFrame>
  );
}

/** /admin/jobs/:jobId/applications (spec 02 §2): one job's applications (admin_ops). */
export function AdminJobApplicationsPage({ api }: { api?: AdminFrameApi }) {
  const jobId = useParams().jobId ?? '';
  return (
    <AdminFrame title={`Candidaturas da vaga #${jobId}`} api={api}>
      <p style={{ margin: '0 0 12px' }}>
        <Link to="/admin/jobs" className="t-link">
          ← Voltar às vagas
        </Link>
      </p>
      <PageHeader title={`Candidaturas da vaga #${jobId}`} />
      <RemoteArea name="admin_ops" section="job-applications" params={{ jobId }} label="Candidaturas" />
    </AdminFrame>
  );
}

/** /admin/jobs/:jobId/edit (spec 02 §2): edit one job (admin_ops). */
export function AdminJobEditPage({ api }: { api?: AdminFrameApi }) {
  const jobId = useParams().jobId ?? '';
  return (
    <AdminFrame title={`Editar vaga #${jobId}`} api={api}>
      {backToPanel}
      <PageHeader title="Editar Vaga" subtitle={`Vaga #${jobId}`} />
      <RemoteArea name="admin_ops" section="job-edit" params={{ jobId }} label="Editar vaga" />
    </AdminFrame>
  );
}
