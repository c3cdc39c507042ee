import { cardTransactions as t } from '../db/schema';
import { transactionCustomerName, transactionOrderNo } from '../cards/listing';
import { CARD_KIND_LABELS } from '../../contract/cardPlan';
import { CARD_TRANSACTION_FIELD_LABELS as L, CARD_TRANSACTION_KIND_LABELS } from '../../contract/cardTransaction';
import type { ExportSheet } from './xlsxExport';

/** The card transactions as finance reconciles them: every delta, where the card was sold and where it moved. */
export const cardTransactionSheet: ExportSheet = {
  title: '会员卡流水',
  states: { kind: CARD_TRANSACTION_KIND_LABELS, cardKind: CARD_KIND_LABELS },
  columns: [
    { header: '流水编号', value: t.id, width: 10 },
    { header: L.createdAt, value: t.createdAt, format: 'time', width: 20 },
    { header: L.kind, value: t.kind, format: { labels: CARD_TRANSACTION_KIND_LABELS }, width: 10 },
    { header: L.cardId, value: t.cardId, width: 10 },
    { header: L.cardKind, value: t.cardKind, format: { labels: CARD_KIND_LABELS }, width: 8 },
    { header: L.customerName, value: transactionCustomerName, width: 10 },
    { header: `${L.principalFen}（元）`, value: t.principalFen, format: 'yuan' },
    { header: `${L.bonusFen}（元）`, value: t.bonusFen, format: 'yuan' },
    { header: L.sessions, value: t.sessions, width: 8 },
    { header: `${L.sessionValueFen}（元）`, value: t.sessionValueFen, format: 'yuan' },
    { header: `${L.moneyFen}（元）`, value: t.moneyFen, format: 'yuan' },
    { header: L.shopName, value: t.shopId, format: 'shop', width: 16 },
    { header: L.soldShopId, value: t.soldShopId, format: 'shop', width: 16 },
    { header: L.orderNo, value: transactionOrderNo, width: 20 },
    { header: '售后申请编号', value: t.afterSaleId, width: 12 },
    { header: L.accountName, value: t.accountName, width: 10 },
    { header: L.note, value: t.note, width: 30 },
  ],
};
