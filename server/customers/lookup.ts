import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { auditLogs, customers, shops } from '../db/schema';
import { audit } from '../audit/audit';
import { hitRateLimit } from '../auth/rateLimit';
import { notFound } from '../http/errors';
import type { Actor } from '../auth/actor';
import { maskPhone } from '../../contract/mask';
import { CUSTOMER_LOOKUPS_PER_HOUR, type CustomerCard } from '../../contract/customer';

/** The audit action of a lookup; an order or a booking for another shop's customer needs one by the same account. */
export const CUSTOMER_LOOKUP_ACTION = 'customer-lookup';
/** How long a customer of another shop found by phone at an account's counter may be billed and booked there and their cards read. */
export const LOOKUP_VALID_HOURS = 24;

/**
 * Whether this account found the customer by the full phone (an audited lookup) within the last
 * LOOKUP_VALID_HOURS: what lets a shop bill or book a chain customer of another shop by id.
 */
export async function lookedUpRecently(db: DbOrTx, accountId: number, customerId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entity, 'customer'),
        eq(auditLogs.entityId, String(customerId)),
        eq(auditLogs.action, CUSTOMER_LOOKUP_ACTION),
        eq(auditLogs.accountId, accountId),
        gt(auditLogs.createdAt, sql`now() - make_interval(hours => ${LOOKUP_VALID_HOURS}::int)`),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * GET customers/lookup?phone=: the card of the chain customer with exactly this phone, in any shop.
 * Counted per account (42900 past the hourly limit) and audited, found or not, before it answers.
 */
export async function lookupCustomer(db: Db, actor: Actor, phone: string): Promise<CustomerCard> {
  await hitRateLimit(
    db,
    `customer-lookup:${actor.session.accountId}`,
    CUSTOMER_LOOKUPS_PER_HOUR,
    3600,
    '按手机号查找客户过于频繁，请稍后再试',
  );
  const [found] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      vip: customers.vip,
      shopId: customers.shopId,
      shopName: shops.name,
    })
    .from(customers)
    .innerJoin(shops, eq(shops.id, customers.shopId))
    .where(eq(customers.phone, phone));
  await audit(db, actor, {
    action: CUSTOMER_LOOKUP_ACTION,
    entity: 'customer',
    entityId: found?.id ?? null,
    summary: found ? `按手机号 ${maskPhone(phone)} 找到客户 ${found.name}（${found.shopName}）` : `按手机号 ${maskPhone(phone)} 未找到客户`,
  });
  if (!found) throw notFound('未找到该手机号的客户');
  return { ...found, phone: maskPhone(found.phone) };
}
