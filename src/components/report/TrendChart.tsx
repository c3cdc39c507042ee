import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatFen } from '../money';

export interface TrendDay {
  day: string;
  revenueFen: number;
  orderCount: number;
}

/** Revenue per day as an area chart (yuan), the order count in the tooltip. */
export default function TrendChart({ days, height = 240 }: { days: readonly TrendDay[]; height?: number }) {
  const { t } = useTranslation();
  const data = days.map((d) => ({ day: d.day.slice(5), yuan: Number(fenToYuan(d.revenueFen)), fen: d.revenueFen, orders: d.orderCount }));
  return (
    <div className="report-chart" data-testid="trend-chart" style={{ width: '100%', height }}>
      <ResponsiveContainer>
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={72} />
          <Tooltip
            formatter={(_v, _n, item) => [
              `${formatFen(item.payload.fen)} · ${t('report.orders', { count: item.payload.orders })}`,
              t('report.revenue'),
            ]}
          />
          <Area type="monotone" dataKey="yuan" stroke="var(--app-primary)" fill="var(--app-primary)" fillOpacity={0.15} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
