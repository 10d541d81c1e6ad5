import { PRIVACY_NOTICE_PATH, TEAM_INVITATION_PATH, TERMS_PATH } from '@turno/domain';
import { LOADING_LABEL, ThemeRoot } from '@turno/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from './layout/SiteLayout';
import { LandingPage } from './pages/LandingPage';
import { BrowserRouter, Route, Routes } from './router';

/** The pages behind the landing page: each its own chunk, loaded when its route is opened. */
export interface Pages {
  AuthCallbackPage: ComponentType;
  SetupPage: ComponentType;
  DashboardPage: ComponentType;
  AdminLoginPage: ComponentType;
  AdminDashboardPage: ComponentType;
  AdminJobsPage: ComponentType;
  AdminJobApplicationsPage: ComponentType;
  AdminJobEditPage: ComponentType;
  /** /convite-equipe/:token: a team invitation's link (issue 28). */
  TeamInvitationPage: ComponentType;
  /** /termos and /privacidade (issue 27); the lazy pages when a test leaves them out. */
  TermsPage?: ComponentType;
  PrivacyNoticePage?: ComponentType;
  /** /admin/seguranca (issue 12); the lazy page when a test leaves it out. */
  AdminSecurityPage?: ComponentType;
  NotFoundPage: ComponentType;
}

const LazyAdminSecurityPage = lazy(() =>
  import(/* webpackChunkName: "page-admin-security" */ './pages/AdminSecurityPage').then((m) => ({
    default: m.AdminSecurityPage,
  })),
);

const legalPages = () => import(/* webpackChunkName: "page-legal" */ './pages/LegalPage');
const LazyTermsPage = lazy(() => legalPages().then((m) => ({ default: m.TermsPage })));
const LazyPrivacyNoticePage = lazy(() => legalPages().then((m) => ({ default: m.PrivacyNoticePage })));

const adminJobPages = () => import(/* webpackChunkName: "page-admin-jobs" */ './pages/AdminJobPages');

const LAZY_PAGES: Pages = {
  AuthCallbackPage: lazy(() =>
    import(/* webpackChunkName: "page-auth-callback" */ './pages/AuthCallbackPage').then((m) => ({
      default: m.AuthCallbackPage,
    })),
  ),
  SetupPage: lazy(() =>
    import(/* webpackChunkName: "page-setup" */ './pages/SetupPage').then((m) => ({ default: m.SetupPage })),
  ),
  DashboardPage: lazy(() =>
    import(/* webpackChunkName: "page-dashboard" */ './pages/DashboardPage').then((m) => ({
      default: m.DashboardPage,
    })),
  ),
  AdminLoginPage: lazy(() =>
    import(/* webpackChunkName: "page-admin-login" */ './pages/AdminLoginPage').then((m) => ({
      default: m.AdminLoginPage,
    })),
  ),
  AdminDashboardPage: lazy(() =>
    import(/* webpackChunkName: "page-admin-dashboard" */ './pages/AdminDashboardPage').then((m) => ({
      default: m.AdminDashboardPage,
    })),
  ),
  AdminJobsPage: lazy(() => adminJobPages().then((m) => ({ default: m.AdminJobsPage }))),
  AdminJobApplicationsPage: lazy(() =>
    adminJobPages().then((m) => ({ default: m.AdminJobApplicationsPage })),
  ),
  AdminJobEditPage: lazy(() => adminJobPages().then((m) => ({ default: m.AdminJobEditPage }))),
  TeamInvitationPage: lazy(() =>
    import(/* webpackChunkName: "page-team-invitation" */ './pages/TeamInvitationPage').then((m) => ({
      default: m.TeamInvitationPage,
    })),
  ),
  NotFoundPage: lazy(() =>
    import(/* webpackChunkName: "page-not-found" */ './pages/NotFoundPage').then((m) => ({
      default: m.NotFoundPage,
    })),
  ),
};

/**
 * Every route of the portal (spec 01 §2 and spec 02 §2). The landing page is in the main bundle;
 * the other pages are loaded with their route (`pages` lets tests render them synchronously).
 */
export function AppRoutes({ pages = LAZY_PAGES }: { pages?: Pages }) {
  return (
    <Suspense fallback={<PageLoading label={LOADING_LABEL} />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/auth/callback" element={<pages.AuthCallbackPage />} />
        <Route path="/setup" element={<pages.SetupPage />} />
        <Route path={TERMS_PATH} element={pages.TermsPage ? <pages.TermsPage /> : <LazyTermsPage />} />
        <Route
          path={PRIVACY_NOTICE_PATH}
          element={pages.PrivacyNoticePage ? <pages.PrivacyNoticePage /> : <LazyPrivacyNoticePage />}
        />
        {/* A team invitation's link (issue 28): its own page, whatever the session (no redirect). */}
        <Route path={`${TEAM_INVITATION_PATH}/:token`} element={<pages.TeamInvitationPage />} />
        <Route path="/dashboard" element={<pages.DashboardPage />} />
        {/* A tab of the restaurant or freelancer area (/dashboard/agenda, …): the same page. */}
        <Route path="/dashboard/:section" element={<pages.DashboardPage />} />
        <Route path="/admin" element={<pages.AdminLoginPage />} />
        <Route path="/admin/dashboard" element={<pages.AdminDashboardPage />} />
        <Route path="/admin/jobs" element={<pages.AdminJobsPage />} />
        <Route path="/admin/jobs/:jobId/applications" element={<pages.AdminJobApplicationsPage />} />
        <Route path="/admin/jobs/:jobId/edit" element={<pages.AdminJobEditPage />} />
        <Route
          path="/admin/seguranca"
          element={pages.AdminSecurityPage ? <pages.AdminSecurityPage /> : <LazyAdminSecurityPage />}
        />
        <Route path="*" element={<pages.NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeRoot>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeRoot>
  );
}
