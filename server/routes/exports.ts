import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import { resourcePath, type ApiVerb, type FilterField } from '../../contract/resource';
import { resourceGuard } from '../auth/resourceGuard';
import { fileAnswer } from '../http/routeSchemas';
import { XLSX_TYPE, sendListExport, type ExportSheet } from '../export/xlsxExport';
import type { Resource } from '../http/resource';
import { ERROR_ANSWERS } from '../http/apiDocument';
import { performanceList } from '../performance/listing';
import { ledgerList } from '../ledger/listing';
import { orderList } from '../orders/listing';
import { afterSaleList } from '../afterSales/listing';
import { performanceSheet } from '../export/performanceSheet';
import { orderSheet } from '../export/orderSheet';
import { afterSaleSheet } from '../export/afterSaleSheet';
import { ledgerSheet } from '../export/ledgerSheet';
import { cardTransactionList } from '../cards/listing';
import { cardTransactionSheet } from '../export/cardTransactionSheet';
import { dailyCloseList } from '../dailyClose/listing';
import { dailyCloseSheet } from '../export/dailyCloseSheet';
import { pigmentUseList } from '../serviceRecords/listing';
import { pigmentUseSheet } from '../export/pigmentUseSheet';

/**
 * GET <list>/export: a list as .xlsx with the list's own query string, roles (or those of the
 * resource's export action) and shop scope (server/export/xlsxExport.ts).
 */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportOf = <T extends PgTable, F extends Record<string, FilterField>>(
    list: Resource<T, F>,
    sheet: ExportSheet,
    verb: ApiVerb = 'list',
  ) =>
    app.get(
      `${resourcePath(list.descriptor)}/export`,
      {
        preValidation: resourceGuard(list.descriptor, verb),
        schema: { querystring: list.listQuery, response: { 200: fileAnswer('列表的 .xlsx 文件', [XLSX_TYPE]), 429: ERROR_ANSWERS[429] } },
      },
      (req, reply) => sendListExport(app, req, reply, list, req.query, sheet),
    );
  exportOf(performanceList, performanceSheet);
  exportOf(ledgerList, ledgerSheet);
  exportOf(orderList, orderSheet);
  exportOf(afterSaleList, afterSaleSheet);
  exportOf(cardTransactionList, cardTransactionSheet, 'action:export');
  exportOf(dailyCloseList, dailyCloseSheet);
  exportOf(pigmentUseList, pigmentUseSheet);
};

export default exportRoutes;
