import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { accountGrants, accounts, afterSales } from '../db/schema';
import { audit } from '../audit/audit';
import { conflict, invalid } from '../http/errors';
import { raiseMessage } from '../messages/raiseMessage';
import { actingShop, type Actor } from '../auth/actor';
import { lockOrder } from '../orders/orderRow';
import { MESSAGE_TAGS } from '../../contract/message';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order';
import {
  AFTER_SALE_FIELD_LABELS as L,
  afterSaleWithdrawRefusal,
  AFTER_SALE_TYPE_LABELS,
  type AfterSale,
  type AfterSaleStatus,
  type afterSaleCreateSchema,
} from '../../contract/afterSale';
import { fenToYuan } from '../../contract/money';
import { lockAfterSale, readAfterSale } from './afterSaleRow';
import { refundLimit } from '../cards/refund';

export type AfterSaleCreateInput = z.output<typeof afterSaleCreateSchema>;

/** Orders an after-sale may be requested on: money was taken and not all of it returned. */
const REQUESTABLE: readonly OrderStatus[] = ['paid', 'partially-refunded'];

/** Every active financial-staff account: who reviews after-sale requests. */
async function financeAccounts(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: accountGrants.accountId })
    .from(accountGrants)
    .innerJoin(accounts, eq(accounts.id, accountGrants.accountId))
    .where(and(eq(accountGrants.role, 'financial-staff'), eq(accounts.status, 'active')));
  return rows.map((r) => r.id);
}

/**
 * POST after-sales, inside the caller's transaction: on a paid order of the shop (its row locked, so
 * two requests cannot both take the same refundable money), a refund at most what is refundable
 * (server/cards/refund.ts refundLimit: of the card it names, or of the order's services). The
 * request lands as a todo in every financial-staff account's message box.
 */
export async function requestAfterSale(tx: DbOrTx, actor: Actor, input: AfterSaleCreateInput): Promise<AfterSale> {
  const shopId = actingShop(actor);
  const order = await lockOrder(tx, shopId, input.orderId);
  const status = order.status as OrderStatus;
  if (!REQUESTABLE.includes(status)) throw conflict(`订单${ORDER_STATUS_LABELS[status]}，不能申请售后`);
  if (input.type === 'refund') {
    const left = await refundLimit(tx, order, input.cardId);
    if (input.amountFen! > left) {
      const msg =
        input.cardId === null
          ? `${L.amountFen}最多 ${fenToYuan(Math.max(left, 0))} 元（服务实收减去已退款和待审核的退款申请）`
          : `${L.amountFen}最多 ${fenToYuan(Math.max(left, 0))} 元（卡内可退余额与订单可退金额中较少者）`;
      throw invalid(msg, [{ field: 'amountFen', message: msg }]);
    }
  }
  const [row] = await tx
    .insert(afterSales)
    .values({
      shopId,
      orderId: order.id,
      orderNo: order.orderNo,
      customerName: order.customerName,
      type: input.type,
      amountFen: input.amountFen,
      cardId: input.cardId,
      reason: input.reason,
      images: input.images,
      requestedBy: actor.session.accountId,
      requestedByName: actor.session.accountName.slice(0, 30),
    })
    .returning();
  const what = `${AFTER_SALE_TYPE_LABELS[row.type]}${row.amountFen === null ? '' : ` ${fenToYuan(row.amountFen)} 元`}`;
  await raiseMessage(tx, await financeAccounts(tx), {
    type: 'todo',
    messageType: MESSAGE_TAGS.pending,
    title: `售后待审核：${order.orderNo} ${what}`,
    subTitle: `${actor.session.shopName ?? ''} · ${order.customerName}`,
    content: `${actor.session.accountName} 为订单 ${order.orderNo}（${order.customerName}）申请${what}。原因：${row.reason}`,
  });
  await audit(tx, actor, { action: 'create', entity: 'after-sale', entityId: row.id, summary: `申请${what}（订单 ${order.orderNo}）` });
  return readAfterSale(tx, actor.session, row.id);
}

/** POST after-sales/:id/withdraw: the requesting shop's manager takes back a pending request. */
export async function withdrawAfterSale(tx: DbOrTx, actor: Actor, id: number): Promise<AfterSale> {
  actingShop(actor);
  const before = await lockAfterSale(tx, actor.session, id);
  const status = before.status as AfterSaleStatus;
  if (status !== 'pending') throw conflict(afterSaleWithdrawRefusal(status));
  await tx
    .update(afterSales)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(eq(afterSales.id, id));
  await audit(tx, actor, { action: 'withdraw', entity: 'after-sale', entityId: id, summary: `撤回售后申请（订单 ${before.orderNo}）` });
  return readAfterSale(tx, actor.session, id);
}
