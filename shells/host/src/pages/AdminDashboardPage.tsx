import { type AdminVerifyResponse } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button, ComingSoon, PageHeader, Tabs } from '@turno/ui';
import { useEffect, useState, type CSSProperties } from 'react';
import { Navigate, useNavigate, useSearchParams } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { RemoteArea } from '../remotes/RemoteArea';
import { createAdminApi, type AdminApi } from '../session/api';
import { ADMIN_TABS, adminTab } from './admin-tabs';

const onlineStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  fontSize: 13,
  fontWeight: 700,
  color: 'var(--t-color-success)',
  background: 'var(--t-color-success-soft)',
  borderRadius: 999,
  padding: '4px 10px',
};
const dotStyle: CSSProperties = {
  width: 8,
  height: 8,
  borderRadius: '50%',
  background: 'var(--t-color-success)',
  boxShadow: '0 0 0 3px rgba(21,128,61,.18)',
};

type Access =
  { status: 'checking' } | { status: 'ok'; admin: AdminVerifyResponse['admin'] } | { status: 'denied' };

let defaultApi: AdminApi | undefined;
const adminApi = () => (defaultApi ??= createAdminApi());

/**
 * /admin/dashboard (spec 02 §2 "Admin shell"): checks admin access first ("Verificando
 * acesso..."), anything but OK goes to /admin. Header with logo, title, "Admin Online" and "Sair"
 * (back to /admin even when the logout call fails). Eight tabs, kept in `?tab=`.
 */
export function AdminDashboardPage({ api }: { api?: Pick<AdminApi, 'verify' | 'logout'> }) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab = adminTab(search);
  const [access, setAccess] = useState<Access>({ status: 'checking' });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let active = true;
    (api ?? adminApi())
      .verify()
      .then(
        (answer): Access => ({ status: 'ok', admin: answer.admin }),
        (): Access => ({ status: 'denied' }),
      )
      .then((next) => {
        if (active) setAccess(next);
      });
    return () => {
      active = false;
    };
  }, [api]);

  if (access.status === 'checking') {
    return (
      <SiteLayout context="Painel Administrativo" homeHref="/admin/dashboard">
        <title>Turno · Admin</title>
        <PageLoading label={MESSAGES.adminAuth.verifying} />
      </SiteLayout>
    );
  }
  if (access.status === 'denied') return <Navigate to="/admin" replace />;

  const logout = () => {
    setLeaving(true);
    (api ?? adminApi())
      .logout()
      .catch((error: unknown) => console.warn('[admin] logout failed', error))
      .finally(() => navigate('/admin', { replace: true }));
  };

  return (
    <SiteLayout
      context="Painel Administrativo"
      homeHref="/admin/dashboard"
      nav={
        <>
          <span style={onlineStyle} data-testid="admin-online">
            <span style={dotStyle} aria-hidden="true" />
            {MESSAGES.adminAuth.online}
          </span>
          <span className="t-muted" style={{ fontWeight: 600 }} data-testid="admin-identity">
            {access.admin.name ?? access.admin.email}
          </span>
          <Button variant="secondary" size="sm" onClick={logout} busy={leaving}>
            {MESSAGES.signIn.signOut}
          </Button>
        </>
      }
    >
      <title>{`Turno · Admin · ${tab.label}`}</title>
      <PageHeader title="Painel Administrativo" subtitle="Operação da plataforma Turno" />
      <Tabs
        tabs={ADMIN_TABS}
        active={tab.id}
        onChange={(id) => setSearch({ tab: id })}
        label="Seções da administração"
      >
        {tab.remote ? (
          <RemoteArea key={tab.id} name={tab.remote} section={tab.id} label={tab.label} />
        ) : (
          <ComingSoon title={tab.label}>{tab.description}</ComingSoon>
        )}
      </Tabs>
    </SiteLayout>
  );
}
