import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderCard } from './OrderCard';

/** The order a ledger line comes from (its sale, or the refund of an after-sale). */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={orderId !== null} onClose={onClose} width={720} title={t('finance.afterSale.order')} destroyOnHidden>
      {orderId !== null && <OrderCard orderId={orderId} />}
    </Drawer>
  );
}
