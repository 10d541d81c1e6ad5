import { BrowserRouter, Route, Routes } from 'react-router';
import { ThemeRoot } from '@turno/ui';
import { AdminDashboardPage } from './pages/AdminDashboardPage';
import { AdminJobApplicationsPage } from './pages/AdminJobApplicationsPage';
import { AdminJobEditPage } from './pages/AdminJobEditPage';
import { AdminLoginPage } from './pages/AdminLoginPage';
import { AuthCallbackPage } from './pages/AuthCallbackPage';
import { DashboardPage } from './pages/DashboardPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SetupPage } from './pages/SetupPage';

/** Every route of the portal (spec 01 §2 and spec 02 §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/admin" element={<AdminLoginPage />} />
      <Route path="/admin/dashboard" element={<AdminDashboardPage />} />
      <Route path="/admin/jobs/:jobId/applications" element={<AdminJobApplicationsPage />} />
      <Route path="/admin/jobs/:jobId/edit" element={<AdminJobEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
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
