import { ThemeRoot } from '@turno/ui';
import { InvoicesScreen } from './invoices/InvoicesScreen';

/** Admin billing, exposed to the host as `admin_billing/App` (the admin shell's "Faturas" tab). */
export default function App() {
  return (
    <ThemeRoot data-remote="admin_billing" data-testid="remote-admin_billing">
      <InvoicesScreen />
    </ThemeRoot>
  );
}
