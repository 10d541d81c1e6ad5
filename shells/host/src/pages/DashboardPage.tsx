import { buttonClassName } from '@turno/ui';
import { Link, useSearchParams } from 'react-router';
import { SiteLayout } from '../layout/SiteLayout';
import { RemoteArea } from '../remotes/RemoteArea';
import { dashboardArea, type DashboardArea } from './dashboard-area';

const AREAS: { id: DashboardArea; label: string }[] = [
  { id: 'restaurant', label: 'Mercado' },
  { id: 'freelancer', label: 'Freelancer' },
];

/** Role-dependent dashboard. Until sign-in exists, `?area=` chooses the role. */
export function DashboardPage() {
  const [search] = useSearchParams();
  const area = dashboardArea(search);

  const switcher = (
    <div className="t-row" role="group" aria-label="Trocar de painel">
      {AREAS.map(({ id, label }) => (
        <Link
          key={id}
          to={`/dashboard?area=${id}`}
          className={buttonClassName(id === area ? 'primary' : 'ghost', 'sm')}
          aria-current={id === area ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </div>
  );

  return (
    <SiteLayout context={area === 'restaurant' ? 'Painel do Mercado' : 'Área do Freelancer'} nav={switcher}>
      <title>{area === 'restaurant' ? 'Turno · Painel do Mercado' : 'Turno · Área do Freelancer'}</title>
      <RemoteArea key={area} name={area} />
    </SiteLayout>
  );
}
