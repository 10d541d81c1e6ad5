import { ThemeRoot } from '@turno/ui';
import { RestaurantsScreen } from './restaurants/RestaurantsScreen';

/**
 * Admin operations (markets, freelancers, jobs), exposed to the host as `admin_ops/App`.
 * The host's admin shell shows it in the "Mercados" tab.
 */
export default function App() {
  return (
    <ThemeRoot data-remote="admin_ops" data-testid="remote-admin_ops">
      <RestaurantsScreen />
    </ThemeRoot>
  );
}
