import { ThemeRoot } from '@turno/ui';
import { CommandCentreScreen } from './command-centre/CommandCentreScreen';
import { RestaurantsScreen } from './restaurants/RestaurantsScreen';

/** The admin shell's tab that shows the command centre (its "Dashboard"). */
export const COMMAND_CENTRE_SECTION = 'dashboard';

export interface AdminOpsAppProps {
  /** The admin shell's tab this area is shown in (its id); any other tab shows "Mercados". */
  section?: string;
}

/**
 * Admin operations (markets, freelancers, jobs), exposed to the host as `admin_ops/App`. The host's
 * admin shell shows it in the "Dashboard" tab (the "Centro de Comando" job list) and in the
 * "Mercados" tab.
 */
export default function App({ section }: AdminOpsAppProps) {
  return (
    <ThemeRoot data-remote="admin_ops" data-testid="remote-admin_ops">
      {section === COMMAND_CENTRE_SECTION ? <CommandCentreScreen /> : <RestaurantsScreen />}
    </ThemeRoot>
  );
}
