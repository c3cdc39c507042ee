import { sql } from 'drizzle-orm';
import { dailyCloses as c } from '../db/schema';
import { DAILY_CLOSE_FIELD_LABELS as L, DAILY_CLOSE_STATUS_LABELS, type CloseMethodLine } from '../../contract/dailyClose';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../contract/order';
import type { ExportSheet } from './xlsxExport';

/** A figure of one method's line, as a column of its own. */
const lineFigure = (method: PaymentMethod, figure: keyof CloseMethodLine) =>
  sql<number | null>`(select (l->>${figure})::int from jsonb_array_elements(${c.byMethod}) l where l->>'method' = ${method})`;

/** Per method: money in, refunds out through it, and (non-cash) what its statement showed. */
const methodColumns = PAYMENT_METHODS.flatMap((method) => [
  { header: `${PAYMENT_METHOD_LABELS[method]}${L.inFen}（元）`, value: lineFigure(method, 'inFen'), format: 'yuan' as const },
  { header: `${PAYMENT_METHOD_LABELS[method]}${L.refundFen}（元）`, value: lineFigure(method, 'refundFen'), format: 'yuan' as const },
  ...(method === 'cash'
    ? []
    : [
        {
          header: `${PAYMENT_METHOD_LABELS[method]}${L.statementFen}（元）`,
          value: lineFigure(method, 'statementFen'),
          format: 'yuan' as const,
        },
      ]),
]);

/** Finance's list of closes as accounting reads it: one row per shop-day, takings by method and the differences. */
export const dailyCloseSheet: ExportSheet = {
  title: '日结',
  states: { status: DAILY_CLOSE_STATUS_LABELS },
  columns: [
    { header: L.day, value: c.day, format: 'day', width: 12 },
    { header: L.shopId, value: c.shopId, format: 'shop', width: 16 },
    { header: L.status, value: c.status, format: { labels: DAILY_CLOSE_STATUS_LABELS }, width: 8 },
    ...methodColumns,
    { header: `${L.cardSalesFen}（元）`, value: c.cardSalesFen, format: 'yuan' },
    { header: `${L.cashExpenseFen}（元）`, value: c.cashExpenseFen, format: 'yuan' },
    { header: `${L.openingFloatFen}（元）`, value: c.openingFloatFen, format: 'yuan' },
    { header: `${L.expectedCashFen}（元）`, value: c.expectedCashFen, format: 'yuan' },
    { header: `${L.countedCashFen}（元）`, value: c.countedCashFen, format: 'yuan' },
    { header: `${L.differenceFen}（元）`, value: c.differenceFen, format: 'yuan' },
    { header: `${L.floatFen}（元）`, value: c.floatFen, format: 'yuan' },
    { header: L.reason, value: c.reason, width: 24 },
    { header: L.submittedBy, value: c.submittedByName, width: 10 },
    { header: L.submittedAt, value: c.submittedAt, format: 'time', width: 20 },
    { header: L.confirmedBy, value: c.confirmedByName, width: 10 },
    { header: L.confirmedAt, value: c.confirmedAt, format: 'time', width: 20 },
    { header: L.returnReason, value: c.returnReason, width: 24 },
  ],
};
