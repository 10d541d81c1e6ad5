import { PageHeader, Tabs } from '@turno/ui';
import { useSearchParams } from '../router';
import { RemoteArea } from '../remotes/RemoteArea';
import { AdminFrame, type AdminFrameApi } from './AdminFrame';
import { ADMIN_TABS, adminTab } from './admin-tabs';

/**
 * /admin/dashboard (spec 02 §2 "Admin shell"): the eight tabs of the spec and "Auditoria", kept in `?tab=`. Each tab shows the
 * areas of the remotes that own it, top to bottom (the Dashboard: admin_billing's metrics, then
 * admin_ops's command centre).
 */
export function AdminDashboardPage({ api }: { api?: AdminFrameApi }) {
  const [search, setSearch] = useSearchParams();
  const tab = adminTab(search);
  return (
    <AdminFrame title={tab.label} api={api}>
      <PageHeader title="Painel Administrativo" subtitle="Operação da plataforma Turno" />
      <Tabs
        tabs={ADMIN_TABS}
        active={tab.id}
        onChange={(id) => setSearch({ tab: id })}
        label="Seções da administração"
      >
        {/* minmax(0, 1fr): an area never grows wider than the page (its wide tables scroll inside). */}
        <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {tab.areas.map((area) => (
            <RemoteArea
              key={`${tab.id}:${area.remote}`}
              name={area.remote}
              section={area.section}
              label={area.label}
              minHeight={area.minHeight}
            />
          ))}
        </div>
      </Tabs>
    </AdminFrame>
  );
}
