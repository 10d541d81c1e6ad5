import { type AdminVerifyResponse } from '@turno/contracts';
import { ADMIN_NOTIFICATIONS_AUDIENCE, MESSAGES } from '@turno/domain';
import { Button, NotificationBell } from '@turno/ui';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { createAdminApi, type AdminApi } from '../session/api';

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

/**
 * The admins' bell (issue 26: a disputed timesheet, a payout failed or held, a strike appealed), in
 * the shell BFF; new ones arrive as `notification_created` on the admin-ops live stream. Admins'
 * streams carry every event, everyone's notifications too: the bell reads again only on those
 * naming the admins (`audience: 'admins'`).
 */
export const ADMIN_NOTIFICATIONS_URL = '/api/admin/notifications';

type Access =
  { status: 'checking' } | { status: 'ok'; admin: AdminVerifyResponse['admin'] } | { status: 'denied' };

let defaultApi: AdminApi | undefined;
const adminApi = () => (defaultApi ??= createAdminApi());

export type AdminFrameApi = Pick<AdminApi, 'verify' | 'logout'>;

/**
 * Every admin page (spec 02 §2 "Admin shell"): checks admin access first ("Verificando acesso..."),
 * anything but OK goes to /admin; then the header with logo, "Admin Online", who is signed in, the
 * notification bell (issue 26; no web push for admins) and "Sair" (back to /admin even when the
 * logout call fails), and the page's own content.
 */
export function AdminFrame({
  title,
  api,
  children,
}: {
  /** The document title's last part (`Turno · Admin · <title>`). */
  title: string;
  api?: AdminFrameApi;
  children: ReactNode;
}) {
  const navigate = useNavigate();
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
          <Link
            to="/admin/seguranca"
            className="t-link"
            style={{ fontSize: 14 }}
            data-testid="admin-security-link"
          >
            Segurança
          </Link>
          <NotificationBell
            source="admin-ops"
            url={ADMIN_NOTIFICATIONS_URL}
            audience={ADMIN_NOTIFICATIONS_AUDIENCE}
            webPush={false}
            navigate={(path) => navigate(path)}
          />
          <Button variant="secondary" size="sm" onClick={logout} busy={leaving}>
            {MESSAGES.signIn.signOut}
          </Button>
        </>
      }
    >
      <title>{`Turno · Admin · ${title}`}</title>
      {children}
    </SiteLayout>
  );
}
