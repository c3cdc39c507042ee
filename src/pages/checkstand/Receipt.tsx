import { useTranslation } from 'react-i18next';
import type { Order } from '../../../contract/order';
import { formatDateTime } from '../../components/format';
import { formatBp, formatFen } from '../../components/money';
import './receipt.css';

export const RECEIPT_PAPERS = ['80mm', 'a5'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];

/** The printer's page for each paper: the thermal roll's width, or an A5 sheet. */
export const PAGE_CSS: Record<ReceiptPaper, string> = {
  '80mm': '@page { size: 80mm 200mm; margin: 4mm; }',
  a5: '@page { size: A5 portrait; margin: 10mm; }',
};

/** A paid order's receipt: shop, order number, time, lines, payments and the artists. */
export function Receipt({ order, paper }: { order: Order; paper: ReceiptPaper }) {
  const { t } = useTranslation();
  const row = (label: string, value: string, className?: string) => (
    <div className={`receipt-row ${className ?? ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className={`receipt-paper receipt-${paper}`} data-testid="receipt">
      <h3>{order.shopName}</h3>
      <div className="receipt-sub">{t('checkstand.receipt.title')}</div>
      {row(t('order.fields.orderNo'), order.orderNo)}
      {row(t('order.fields.paidAt'), formatDateTime(order.paidAt ?? order.createdAt))}
      {row(t('order.fields.customerName'), `${order.customerName}${order.customerVip ? ' (VIP)' : ''}`)}
      <hr />
      {order.lines.map((l) => (
        <div key={l.programId}>
          {row(l.programName, formatFen(l.amountFen))}
          <div className="receipt-line-detail">
            {formatFen(l.unitPriceFen)}
            {l.vipPrice ? ` ${t('checkstand.vipPrice')}` : ''} × {l.quantity}
            {l.discountFen > 0 ? ` − ${formatFen(l.discountFen)}` : ''}
          </div>
        </div>
      ))}
      <hr />
      {row(t('order.fields.totalFen'), formatFen(order.totalFen))}
      {order.discountFen > 0 && row(t('order.fields.discountFen'), `−${formatFen(order.discountFen)}`)}
      {row(t('order.fields.payableFen'), formatFen(order.payableFen), 'receipt-total')}
      <hr />
      {order.payments.map((p, i) => (
        <div key={i}>{row(t(`order.options.method.${p.method}`), formatFen(p.amountFen))}</div>
      ))}
      {order.refundedFen > 0 && row(t('order.fields.refundedFen'), `−${formatFen(order.refundedFen)}`)}
      <hr />
      {row(
        t('checkstand.receipt.artists'),
        order.staffShares.map((s) => (order.staffShares.length > 1 ? `${s.staffName} ${formatBp(s.shareBp)}` : s.staffName)).join('、'),
      )}
      {row(t('checkstand.receipt.cashier'), order.createdBy)}
      <div className="receipt-foot">{t('checkstand.receipt.thanks')}</div>
    </div>
  );
}
