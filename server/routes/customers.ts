import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, arrayContains, desc, eq, ilike, like, ne, sql } from 'drizzle-orm';
import {
  customerCardSchema,
  customerCreateSchema,
  customerLookupQuerySchema,
  customerResource,
  customerUpdateSchema,
  MAX_TAG_LENGTH,
} from '../../contract/customer';
import { maskPhone, withMaskedPhone } from '../../contract/mask';
import { resourcePath } from '../../contract/resource';
import { PHONE_RE } from '../../contract/validation';
import { customers } from '../db/schema';
import type { Db, DbOrTx } from '../db/client';
import type { SessionContext } from '../auth/sessionGuard';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { escapeLike, type Bind, type CustomFilter, type ListCondition } from '../db/list/listQuery';
import { changes, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { conflict, invalid, type AppError } from '../http/errors';
import { currentShopId, findRow, listStatements, pgErrorOf, revealPhone, sendStatements, serverResource } from '../http/resource';
import { deleteRoutes } from '../http/deletion';
import { envelope, fullPhoneSchema, idParams, listSchema, readSchema, rowAnswer } from '../http/routeSchemas';
import { lookupCustomer } from '../customers/lookup';
import { audit, diffSummary } from '../audit/audit';
import { hitRateLimit } from '../auth/rateLimit';
import { errorAnswers } from '../http/apiDocument';

/**
 * q: a full mobile number matches exactly; exactly four digits match the last four (served by the
 * (shop_id, right(phone, 4)) index); other digits match part of the phone and anything else part
 * of the name (both served by trigram indexes).
 */
function search(q: string, bind: Bind): ListCondition {
  if (PHONE_RE.test(q)) return { shape: 'phone', where: eq(customers.phone, bind(q)) };
  if (/^\d{4}$/.test(q)) return { shape: 'last4', where: sql`right(${customers.phone}, 4) = ${bind(q)}` };
  if (/^\d+$/.test(q)) return { shape: 'digits', where: like(customers.phone, bind(`%${q}%`)) };
  return { shape: 'name', where: ilike(customers.name, bind(`%${escapeLike(q)}%`)) };
}

const MAX_TAG_FILTERS = 5;

/** tags=敏感肌&tags=老客: customers carrying every one of them (GIN index on tags), bound as one array. */
const tagsFilter: CustomFilter['where'] = (values, bind) => {
  const tags = values.map((t) => String(t).trim()).filter(Boolean);
  if (tags.length === 0) return undefined;
  if (tags.length > MAX_TAG_FILTERS || tags.some((t) => t.length > MAX_TAG_LENGTH))
    throw invalid('筛选字段 tags 的值不正确', [{ field: 'tags', message: '筛选字段 tags 的值不正确' }]);
  return { shape: 'all', where: arrayContains(customers.tags, bind(tags)) };
};

/**
 * A customer's last visit: when their latest order was paid, at any shop of the chain. A subquery
 * in the page's one statement, computed around the page for its rows only (server/http/resource.ts)
 * by the orders_customer_idx index; the table is named, since drizzle prints the list's columns
 * unqualified. Written as ISO text by PostgreSQL, as every instant of a row reads.
 */
const lastVisitAt = sql<string | null>`to_char((select max(o.paid_at) from orders o where o.customer_id = ${sql.identifier(
  'customers',
)}.id) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The customer's stored-value balance (principal + bonus of the open account; 0 without one), by member_cards_customer_idx. */
const storedValueFen = sql<number>`(select coalesce(sum(m.principal_fen + m.bonus_fen), 0)::int from member_cards m
  where m.customer_id = ${sql.identifier('customers')}.id and m.kind = 'stored-value' and m.status <> 'refunded')`;

const resource = serverResource({
  descriptor: customerResource,
  table: customers,
  entity: 'customer',
  shopColumn: customers.shopId,
  columns: {
    id: customers.id,
    shopId: customers.shopId,
    name: customers.name,
    gender: customers.gender,
    birthday: customers.birthday,
    source: customers.source,
    vip: customers.vip,
    tags: { where: tagsFilter },
    consentSignedAt: customers.consentSignedAt,
    createdAt: customers.createdAt,
    updatedAt: customers.updatedAt,
  },
  idColumn: customers.id,
  // Newest first: the (shop_id, created_at, id) index read backwards.
  defaultSort: [desc(customers.createdAt)],
  search,
  derived: { lastVisitAt, storedValueFen },
});

/**
 * The statements of one customers list page for a session and a query string, unexecuted: the route
 * runs them and bench/customers.ts runs the very same SQL directly against PostgreSQL.
 */
export function customerListStatements(db: Db, session: SessionContext, query: Record<string, string | string[]>) {
  return listStatements(db, resource, session, parseInput(resource.listQuery, query));
}

/** Refusals of a phone already in the chain an account may get per hour: each one is a probe of the chain's customers. */
export const PHONE_REFUSALS_PER_HOUR = 10;

/** A phone that already belongs to a customer, found inside the write's transaction. */
class PhoneTaken extends Error {
  constructor(readonly shopId: number) {
    super('phone taken');
  }
}

/** Throws PhoneTaken when another customer has the phone. */
async function assertPhoneFree(db: DbOrTx, phone: string, exceptId?: number): Promise<void> {
  const [hit] = await db
    .select({ shopId: customers.shopId })
    .from(customers)
    .where(and(eq(customers.phone, phone), exceptId === undefined ? undefined : ne(customers.id, exceptId)));
  if (hit) throw new PhoneTaken(hit.shopId);
}

/** A create or a phone change: the row, or 429 once an account has probed too many taken phones. */
const phoneWriteAnswer = { ...rowAnswer(customerResource), ...errorAnswers(429) };

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(customerResource);
  const guard = (verb: Parameters<typeof resourceGuard>[1]) => ({ preValidation: resourceGuard(customerResource, verb) });

  /**
   * The refusal for a phone another customer has. Another shop's customer is not named (that would
   * tell any manager where a phone is a customer); each refusal is audited and counted per account.
   */
  async function refusePhone(req: FastifyRequest, phone: string, ownerShopId: number | undefined): Promise<AppError> {
    const sameShop = ownerShopId !== undefined && ownerShopId === sessionOf(req).shopId;
    await audit(app.db, req, {
      action: 'customer-phone-refused',
      entity: 'customer',
      summary: `手机号 ${maskPhone(phone)} 已有客户档案（${sameShop ? '本店' : '其他门店'}），未保存`,
    });
    await hitRateLimit(
      app.db,
      `customer-phone-refused:${sessionOf(req).accountId}`,
      PHONE_REFUSALS_PER_HOUR,
      3600,
      '手机号已存在的提示过于频繁',
    );
    return sameShop
      ? conflict(`手机号 ${maskPhone(phone)} 已是本店的客户`)
      : conflict(`手机号 ${maskPhone(phone)} 已在本连锁登记为客户；如需为其服务，收银时请按完整手机号查找该客户`);
  }

  /** The write, with a taken phone (found first, or by the unique index when two requests race) refused alike. */
  async function uniquePhone<T>(req: FastifyRequest, phone: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (e instanceof PhoneTaken) throw await refusePhone(req, phone!, e.shopId);
      const pgError = pgErrorOf(e);
      if (phone && pgError.code === '23505' && pgError.constraint === 'customers_phone_key') {
        const [owner] = await app.db.select({ shopId: customers.shopId }).from(customers).where(eq(customers.phone, phone));
        throw await refusePhone(req, phone, owner?.shopId);
      }
      throw e;
    }
  }

  app.get(base, { ...guard('list'), schema: listSchema(customerResource, resource) }, (req, reply) =>
    sendStatements(reply, listStatements(app.db, resource, sessionOf(req), req.query), withMaskedPhone),
  );

  // A chain customer of any shop by the full phone given at the counter; every other call about them stays 404 here.
  app.get(
    `${base}/lookup`,
    {
      ...guard('action:lookup'),
      // No customer with that phone: 404; too many lookups from one account: 429.
      schema: { querystring: customerLookupQuerySchema, response: { 200: envelope(customerCardSchema), ...errorAnswers(404, 429) } },
    },
    async (req) => ok(await lookupCustomer(app.db, { session: sessionOf(req), ip: req.ip }, req.query.phone)),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(customerResource) }, async (req) =>
    ok(withMaskedPhone(await findRow(app.db, req, resource, req.params.id))),
  );

  app.post(
    `${base}/:id/reveal-phone`,
    { ...guard('action:reveal-phone'), schema: { params: idParams, response: { 200: envelope(fullPhoneSchema) } } },
    async (req) => ok(await revealPhone(app.db, req, resource, req.params.id, (c) => c.phone)),
  );

  app.post(base, { ...guard('create'), schema: { body: customerCreateSchema, response: phoneWriteAnswer } }, async (req) => {
    const input = req.body;
    const shopId = currentShopId(req);
    const row = await uniquePhone(req, input.phone, () =>
      app.db.transaction(async (tx) => {
        await assertPhoneFree(tx, input.phone);
        const [created] = await tx
          .insert(customers)
          .values({ ...input, shopId })
          .returning();
        await audit(tx, req, {
          action: 'create',
          entity: 'customer',
          entityId: created.id,
          summary: `新建客户 ${created.name} ${maskPhone(created.phone)}`,
        });
        return created;
      }),
    );
    return ok(withMaskedPhone(row));
  });

  app.patch(
    `${base}/:id`,
    { ...guard('update'), schema: { params: idParams, body: customerUpdateSchema, response: phoneWriteAnswer } },
    async (req) => {
      const { id } = req.params;
      const input = changes(req.body);
      const row = await uniquePhone(req, input.phone, () =>
        app.db.transaction(async (tx) => {
          const before = await findRow(tx, req, resource, id, true);
          const summary = diffSummary(before, input);
          if (!summary) return before;
          if (input.phone !== undefined && input.phone !== before.phone) await assertPhoneFree(tx, input.phone, id);
          const [after] = await tx
            .update(customers)
            .set({ ...input, updatedAt: sql`now()` })
            .where(eq(customers.id, id))
            .returning();
          await audit(tx, req, { action: 'update', entity: 'customer', entityId: id, summary });
          return after;
        }),
      );
      return ok(withMaskedPhone(row));
    },
  );

  deleteRoutes(app, resource, {
    summary: (c) => `删除客户 ${c.name} ${maskPhone(c.phone)}`,
    blocked: (c, refs) => `客户「${c.name}」已有${refs.join('、')}，不能删除`,
  });
};

export default customerRoutes;
