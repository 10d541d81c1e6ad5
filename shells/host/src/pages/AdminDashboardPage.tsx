import { ComingSoon, PageHeader, Tabs } from '@turno/ui';
import { Link, useSearchParams } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';
import { RemoteArea } from '../remotes/RemoteArea';
import { ADMIN_TABS, adminTab } from './admin-tabs';

/** Admin shell (spec 02 §2): eight tabs; the active one is kept in `?tab=` so it can be linked. */
export function AdminDashboardPage() {
  const [search, setSearch] = useSearchParams();
  const tab = adminTab(search);

  return (
    <SiteLayout
      context="Administração"
      nav={
        <Link to="/" className="t-link">
          Voltar ao site
        </Link>
      }
    >
      <title>{`Turno · Admin · ${tab.label}`}</title>
      <PageHeader title="Painel administrativo" subtitle="Operação da plataforma Turno" />
      <Tabs
        tabs={ADMIN_TABS}
        active={tab.id}
        onChange={(id) => setSearch({ tab: id })}
        label="Seções da administração"
      >
        {tab.remote ? (
          <RemoteArea key={tab.remote} name={tab.remote} />
        ) : (
          <ComingSoon title={tab.label}>{tab.description}</ComingSoon>
        )}
      </Tabs>
    </SiteLayout>
  );
}
