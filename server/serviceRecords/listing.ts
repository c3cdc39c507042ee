import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { pigmentUses, serviceRecords, shops } from '../db/schema';
import type { SessionContext } from '../auth/sessionGuard';
import { textSearch } from '../db/list/listQuery';
import { serverResource } from '../http/resource';
import type { ServiceRecord, serviceRecordQuerySchema } from '../../contract/serviceRecord';
import { pigmentUseResource, type PigmentUse } from '../../contract/pigmentUse';
import { serviceRecordViews, visibleRecords } from './serviceRecordRow';

export type ServiceRecordQuery = z.output<typeof serviceRecordQuerySchema>;

/** A customer's timeline holds every visit; a recall by batch this many records at most (the export has all). */
export const MAX_RECORDS_LISTED = 500;

/**
 * GET service-records: the records a session may see of a customer, of a visit, or that used a batch
 * (a recall), newest visit first.
 */
export async function listServiceRecords(db: Db, session: SessionContext, query: ServiceRecordQuery): Promise<ServiceRecord[]> {
  const rows = await db
    .select()
    .from(serviceRecords)
    .where(
      and(
        visibleRecords(session),
        query.customerId === undefined ? undefined : eq(serviceRecords.customerId, query.customerId),
        query.appointmentId === undefined ? undefined : eq(serviceRecords.appointmentId, query.appointmentId),
        query.batch === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(pigmentUses)
                .where(and(eq(pigmentUses.recordId, serviceRecords.id), eq(pigmentUses.batch, query.batch))),
            ),
      ),
    )
    .orderBy(desc(serviceRecords.servedAt), desc(serviceRecords.id))
    .limit(MAX_RECORDS_LISTED);
  return serviceRecordViews(db, rows);
}

/** The recall list: every use of a pigment or material, searchable by batch, brand or customer, exported as .xlsx. */
export const pigmentUseList = serverResource({
  descriptor: pigmentUseResource,
  table: pigmentUses,
  entity: 'pigment-use',
  columns: {
    id: pigmentUses.id,
    shopId: pigmentUses.shopId,
    customerId: pigmentUses.customerId,
    batch: pigmentUses.batch,
    brand: pigmentUses.brand,
    servedAt: pigmentUses.servedAt,
  },
  idColumn: pigmentUses.id,
  defaultSort: [desc(pigmentUses.servedAt), desc(pigmentUses.id)],
  search: textSearch(pigmentUses.batch, pigmentUses.brand, pigmentUses.customerName),
  derived: { shopName: sql<string>`(select ${shops.name} from ${shops} where ${shops.id} = ${pigmentUses.shopId})` },
});

export function pigmentUseView(row: typeof pigmentUses.$inferSelect & { shopName: string }): PigmentUse {
  const { createdAt: _c, ...rest } = row;
  return rest;
}

/**
 * The shop's recent pigments, for the record form to pick from: the newest use of each brand,
 * colour and batch in the shop, unexpired ones first.
 */
export async function recentPigments(db: Db, shopId: number) {
  const { rows } = await db.execute<{ brand: string; colour: string; batch: string; expiresOn: string; needle: string }>(sql`
    select brand, colour, batch, expires_on::text as "expiresOn", needle from (
      select distinct on (brand, colour, batch) brand, colour, batch, expires_on, needle, created_at
      from pigment_uses where shop_id = ${shopId}
      order by brand, colour, batch, created_at desc
    ) latest
    order by expires_on < (now() at time zone 'Asia/Shanghai')::date, created_at desc
    limit 30`);
  return rows;
}
