import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatFen } from '../../../components/money';

/** Shops' net revenue as horizontal bars, best first; a click opens the shop's records of the period. */
export default function ShopBars({
  shops,
  onOpen,
}: {
  shops: readonly { shopId: number; shopName: string; revenueFen: number }[];
  onOpen: (shopId: number) => void;
}) {
  const { t } = useTranslation();
  const data = shops.map((s) => ({ id: s.shopId, name: s.shopName, yuan: Number(fenToYuan(s.revenueFen)), fen: s.revenueFen }));
  return (
    <div data-testid="shop-bars" style={{ width: '100%', height: Math.max(160, data.length * 36 + 40) }}>
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(_v, _n, item) => [formatFen(item.payload.fen), t('report.netRevenue')]} />
          <Bar
            dataKey="yuan"
            fill="var(--app-primary)"
            cursor="pointer"
            onClick={(entry) => onOpen((entry as unknown as { id: number }).id)}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
