import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { LedgerSummary, LedgerType } from '../../../contract/ledgerEntry';
import { fenToYuan, formatFen } from '../../components/money';
import { LEDGER_TYPE_TONES } from '../../components/statusTag';
import { useSettings } from '../../stores/settings';
import { TAG_COLORS } from '../../stores/theme';

/** Income and expense per day of the period, in yuan. Loaded on its own (React.lazy) with recharts. */
export default function LedgerChart({ days }: { days: LedgerSummary['days'] }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  // The bars in the tones' text colours: 3:1 or more against the card, as a chart's marks need.
  const fill = (type: LedgerType) => TAG_COLORS[theme][LEDGER_TYPE_TONES[type]].text;
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
          <Bar dataKey="income" name={income} fill={fill('income')} maxBarSize={24} isAnimationActive={false} />
          <Bar dataKey="expense" name={expense} fill={fill('expense')} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
