import { type DailyMetrics } from '@turno/contracts';
import { formatDateBR, formatMoney, weekdayLabel } from '@turno/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** "1,2 mil": the value axis in few characters, so its labels fit beside the chart at 360 px. */
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The small chart of the metrics card (recharts, loaded on its own chunk): per day, the revenue of
 * completed work and what scheduled work will add, stacked; the commission beside them.
 */
export default function MetricsChart({
  days,
  height = 200,
}: {
  days: DailyMetrics['days'];
  height?: number;
}) {
  const data = days.map((day) => ({
    label: days.length === 1 ? formatDateBR(day.date) : weekdayLabel(day.date).slice(0, 3),
    date: formatDateBR(day.date),
    Receita: day.revenue,
    Projetada: day.projectedRevenue,
    Comissão: day.commission,
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={4} />
        <YAxis
          tick={{ fontSize: 11 }}
          width={44}
          tickCount={4}
          allowDecimals={false}
          tickFormatter={(value: number) => compact.format(value)}
        />
        <Tooltip
          formatter={(value) => formatMoney(Number(value))}
          labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.date ?? '')}
        />
        <Legend
          wrapperStyle={{ fontSize: 12 }}
          formatter={(value) => <span style={{ color: 'var(--t-color-text)' }}>{value}</span>}
        />
        <Bar dataKey="Receita" stackId="revenue" fill="#0f766e" />
        <Bar dataKey="Projetada" stackId="revenue" fill="#99f6e4" />
        <Bar dataKey="Comissão" fill="#1d4ed8" />
      </BarChart>
    </ResponsiveContainer>
  );
}
