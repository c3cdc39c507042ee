import { useTranslation } from 'react-i18next';
import { lineName, isCardLine, type Order, type OrderLine, type OrderPayment } from '../../../contract/order';
import type { Shop } from '../../../contract/shop';
import type { AfterSale } from '../../../contract/afterSale';
import { formatDateTime } from '../../components/format';
import { formatBp, formatFen } from '../../components/money';
import { channelsText } from '../../components/money/refundChannel';
import { lineKey } from '../../components/orderLines';
import './receipt.css';

export const RECEIPT_PAPERS = ['80mm', 'a5'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];

/** The printer's page for each paper: the thermal roll's width, or an A5 sheet. */
export const PAGE_CSS: Record<ReceiptPaper, string> = {
  '80mm': '@page { size: 80mm 200mm; margin: 4mm; }',
  a5: '@page { size: A5 portrait; margin: 10mm; }',
};

/** What a VIP line saved against the program's list price (0 for a line priced at the list price, or an older order without it). */
const vipSavingFen = (l: OrderLine) =>
  !isCardLine(l) && l.vipPrice && l.listPriceFen !== undefined ? Math.max(0, l.listPriceFen - l.unitPriceFen) * l.quantity : 0;

/**
 * A paid order's receipt: the shop with its address and phone, order number, time, lines (a VIP
 * line with its list price, a card sold, a package session redeemed with the sessions left), the
 * VIP saving, payments (a stored-value one with the balance left), what was refunded and through
 * which channels (`refunds`: the order's approved refunds) and the artists.
 */
export function Receipt({
  order,
  paper,
  shop,
  refunds = [],
}: {
  order: Order;
  paper: ReceiptPaper;
  shop?: Pick<Shop, 'address' | 'phone'>;
  refunds?: readonly Pick<AfterSale, 'id' | 'refundChannels'>[];
}) {
  const { t } = useTranslation();
  const vipSaving = order.lines.reduce((sum, l) => sum + vipSavingFen(l), 0);
  const storedValueDetail = (p: OrderPayment) =>
    p.method === 'stored-value' && p.principalLeftFen !== undefined && p.bonusLeftFen !== undefined
      ? t('checkstand.receipt.storedValue', {
          principal: formatFen(p.principalFen ?? 0),
          bonus: formatFen(p.bonusFen ?? 0),
          left: formatFen(p.principalLeftFen + p.bonusLeftFen),
        })
      : null;
  const row = (label: string, value: string, className?: string) => (
    <div className={`receipt-row ${className ?? ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className={`receipt-paper receipt-${paper}`} data-testid="receipt">
      <h3>{order.shopName}</h3>
      {shop && (
        <div className="receipt-sub" data-testid="receipt-shop">
          <div>{shop.address}</div>
          <div>{t('checkstand.receipt.phone', { phone: shop.phone })}</div>
        </div>
      )}
      <div className="receipt-sub">{t('checkstand.receipt.title')}</div>
      {row(t('order.fields.orderNo'), order.orderNo)}
      {row(t('order.fields.paidAt'), formatDateTime(order.paidAt ?? order.createdAt))}
      {row(t('order.fields.customerName'), `${order.customerName}${order.customerVip ? ' (VIP)' : ''}`)}
      <hr />
      {order.lines.map((l) => (
        <div key={lineKey(l)}>
          {row(lineName(l), formatFen(l.amountFen))}
          <div className="receipt-line-detail">
            {isCardLine(l) ? (
              t('checkstand.receipt.cardSold')
            ) : l.cardId !== undefined ? (
              <>
                {t('checkstand.cart.session')}
                {l.sessionsLeft !== undefined && ` · ${t('checkstand.receipt.sessionsLeft', { count: l.sessionsLeft })}`}
              </>
            ) : (
              <>
                {vipSavingFen(l) > 0 && `${t('checkstand.receipt.listPrice', { price: formatFen(l.listPriceFen!) })} · `}
                {formatFen(l.unitPriceFen)}
                {l.vipPrice ? ` ${t('checkstand.vipPrice')}` : ''} × {l.quantity}
                {l.discountFen > 0 ? ` − ${formatFen(l.discountFen)}` : ''}
              </>
            )}
          </div>
        </div>
      ))}
      <hr />
      {row(t('order.fields.totalFen'), formatFen(order.totalFen))}
      {order.discountFen > 0 && row(t('order.fields.discountFen'), `−${formatFen(order.discountFen)}`)}
      {row(t('order.fields.payableFen'), formatFen(order.payableFen), 'receipt-total')}
      {vipSaving > 0 && row(t('checkstand.receipt.vipSaving'), formatFen(vipSaving))}
      <hr />
      {order.payments.map((p, i) => (
        <div key={i}>
          {row(t(`order.options.method.${p.method}`), formatFen(p.amountFen))}
          {storedValueDetail(p) && <div className="receipt-line-detail">{storedValueDetail(p)}</div>}
        </div>
      ))}
      {order.refundedFen > 0 && row(t('order.fields.refundedFen'), `−${formatFen(order.refundedFen)}`)}
      {refunds.map(
        (r) =>
          r.refundChannels.length > 0 && (
            <div key={r.id} className="receipt-line-detail" data-testid="receipt-refund">
              {t('checkstand.receipt.refundTo', { channels: channelsText(t, r.refundChannels) })}
            </div>
          ),
      )}
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
