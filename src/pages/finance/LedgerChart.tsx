import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { LedgerSummary } from '../../../contract/ledgerEntry';
import { fenToYuan, formatFen } from '../../components/money';

/** Income and expense per day of the period, in yuan. Loaded on its own (React.lazy) with recharts. */
export default function LedgerChart({ days }: { days: LedgerSummary['days'] }) {
  const { t } = useTranslation();
  const income = t('finance.income.sum.income');
  const expense = t('finance.income.sum.expense');
  // recharts draws numbers: yuan as a number for the bars, the exact fen kept for the tooltip.
  const data = days.map((d) => ({
    day: d.day.slice(5),
    incomeFen: d.incomeFen,
    expenseFen: d.expenseFen,
    income: Number(fenToYuan(d.incomeFen)),
    expense: Number(fenToYuan(d.expenseFen)),
  }));
  return (
    <div style={{ width: '100%', height: 240 }}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => `¥${v}`} width={72} />
          <Tooltip formatter={(_v, name, item) => [formatFen(name === income ? item.payload.incomeFen : item.payload.expenseFen), name]} />
          <Legend />
          <Bar dataKey="income" name={income} fill="#52c41a" maxBarSize={24} isAnimationActive={false} />
          <Bar dataKey="expense" name={expense} fill="#ff7875" maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
