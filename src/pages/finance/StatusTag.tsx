import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionKey } from '../../components/crud';

const COLORS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
  // A card plan's shelf, a member card's life.
  on: 'green',
  off: 'default',
  active: 'green',
  'used-up': 'default',
  expired: 'default',
  refunded: 'red',
};

/** A status (a review's, a card plan's shelf, a member card's), a rejection's reason on hover. */
export function StatusTag({ labels, status, rejectReason }: { labels: string; status: string; rejectReason?: string }) {
  const { t } = useTranslation();
  const tag = <Tag color={COLORS[status]}>{t(optionKey(labels, 'status', status))}</Tag>;
  return rejectReason ? <Tooltip title={`${t('finance.rejectReason')}：${rejectReason}`}>{tag}</Tooltip> : tag;
}
