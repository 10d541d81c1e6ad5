import { type RestaurantSpendingAnalytics } from '@turno/contracts';
import { formatMoney } from '@turno/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel } from './spending';

/**
 * The week's spending per day as bars (recharts). Loaded on its own (React.lazy): the chart library
 * stays out of the panel's first screen. The numbers are also in the table beside it for screen
 * readers; the drawing itself is hidden from them.
 */
export default function SpendingChart({ days }: { days: RestaurantSpendingAnalytics['dailyBreakdown'] }) {
  const data = days.map((day) => ({
    label: dayLabel(day.date_needed),
    total: day.day_total,
    jobs: day.jobs_count,
  }));
  return (
    <div className="r-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
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
