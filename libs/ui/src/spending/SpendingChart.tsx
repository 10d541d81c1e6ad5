import { type RestaurantSpendingAnalytics } from '@turno/contracts';
import { formatMoney } from '@turno/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { spendingDayLabel } from './spending';

/**
 * The week's spending per day as bars (recharts). Loaded on its own (React.lazy by `SpendingPanels`):
 * the chart library stays in a chunk of its own, out of the first screen of whichever remote shows it.
 * The numbers are also in the table beside it for screen readers; the drawing is hidden from them.
 */
export default function SpendingChart({ days }: { days: RestaurantSpendingAnalytics['dailyBreakdown'] }) {
  const data = days.map((day) => ({
    label: spendingDayLabel(day.date_needed),
    total: day.day_total,
    jobs: day.jobs_count,
  }));
  return (
    <div className="t-spending-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
          tabIndex={-1}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12 }}
            interval={0}
            tickFormatter={(label: string) => label.slice(0, 3)}
          />
          <YAxis tick={{ fontSize: 12 }} width={64} tickFormatter={(value: number) => formatMoney(value)} />
          <Tooltip
            formatter={(value) => [formatMoney(Number(value)), 'Gasto']}
            labelFormatter={(label) => String(label)}
          />
          <Bar dataKey="total" fill="#0f766e" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
