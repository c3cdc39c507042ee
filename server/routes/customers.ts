import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, arrayContains, desc, eq, ilike, like, ne, sql } from 'drizzle-orm';
import { customerCreateSchema, customerResource, customerUpdateSchema, MAX_TAG_LENGTH } from '../../contract/customer';
import { maskPhone, withMaskedPhone } from '../../contract/mask';
import { resourcePath } from '../../contract/resource';
import { PHONE_RE } from '../../contract/validation';
import { customers, shops } from '../db/schema';
import type { Db, DbOrTx } from '../db/client';
import type { SessionContext } from '../auth/sessionGuard';
import { sessionOf } from '../auth/sessionGuard';
import { resourceGuard } from '../auth/resourceGuard';
import { escapeLike, type Bind, type CustomFilter, type ListCondition } from '../db/list/listQuery';
import { changes, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { conflict, invalid, type AppError } from '../http/errors';
import { currentShopId, deleteRow, findRow, listStatements, pgErrorOf, phoneSafeDiff, revealPhone, sendStatements, serverResource } from '../http/resource';
import { idParams, listSchema, readSchema } from '../http/routeSchemas';
import { audit } from '../audit/audit';

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
  if (tags.length > MAX_TAG_FILTERS || tags.some((t) => t.length > MAX_TAG_LENGTH)) throw invalid('筛选字段 tags 的值不正确', [{ field: 'tags', message: '筛选字段 tags 的值不正确' }]);
  return { shape: 'all', where: arrayContains(customers.tags, bind(tags)) };
};

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
});

/**
 * The statements of one customers list page for a session and a query string, unexecuted: the route
 * runs them and bench/customers.ts runs the very same SQL directly against PostgreSQL.
 */
export function customerListStatements(db: Db, session: SessionContext, query: Record<string, string | string[]>) {
  return listStatements(db, resource, session, parseInput(resource.listQuery, query));
}

/** The 409 for a phone that already belongs to a customer, naming that customer's shop. */
async function phoneTaken(db: DbOrTx, phone: string, exceptId?: number): Promise<AppError | undefined> {
  const [hit] = await db
    .select({ shopName: shops.name })
    .from(customers)
    .innerJoin(shops, eq(shops.id, customers.shopId))
    .where(and(eq(customers.phone, phone), exceptId === undefined ? undefined : ne(customers.id, exceptId)));
  return hit ? conflict(`手机号 ${maskPhone(phone)} 已是「${hit.shopName}」的客户`) : undefined;
}

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(customerResource);
  const guard = (verb: Parameters<typeof resourceGuard>[1]) => ({ preValidation: resourceGuard(customerResource, verb) });

  /** Two requests racing with one new phone: the unique index decides, and the loser gets the same 409. */
  async function uniquePhone<T>(phone: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      const pgError = pgErrorOf(e);
      if (phone && pgError.code === '23505' && pgError.constraint === 'customers_phone_key') throw (await phoneTaken(app.db, phone)) ?? e;
      throw e;
    }
  }

  app.get(base, { ...guard('list'), schema: listSchema(customerResource, resource) }, (req, reply) =>
    sendStatements(reply, listStatements(app.db, resource, sessionOf(req), req.query), withMaskedPhone),
  );

  app.get(`${base}/:id`, { ...guard('read'), schema: readSchema(customerResource) }, async (req) => ok(withMaskedPhone(await findRow(app.db, req, resource, req.params.id))));

  app.post(`${base}/:id/reveal-phone`, { ...guard('action:reveal-phone'), schema: { params: idParams } }, async (req) =>
    ok(await revealPhone(app.db, req, resource, req.params.id, (c) => c.phone)),
  );

  app.post(base, { ...guard('create'), schema: { body: customerCreateSchema } }, async (req) => {
    const input = req.body;
    const shopId = currentShopId(req);
    const row = await uniquePhone(input.phone, () =>
      app.db.transaction(async (tx) => {
        const taken = await phoneTaken(tx, input.phone);
        if (taken) throw taken;
        const [created] = await tx
          .insert(customers)
          .values({ ...input, shopId })
          .returning();
        await audit(tx, req, { action: 'create', entity: 'customer', entityId: created.id, summary: `新增客户 ${created.name} ${maskPhone(created.phone)}` });
        return created;
      }),
    );
    return ok(withMaskedPhone(row));
  });

  app.patch(`${base}/:id`, { ...guard('update'), schema: { params: idParams, body: customerUpdateSchema } }, async (req) => {
    const { id } = req.params;
    const input = changes(req.body);
    const row = await uniquePhone(input.phone, () =>
      app.db.transaction(async (tx) => {
        const before = await findRow(tx, req, resource, id, true);
        if (input.phone !== undefined && input.phone !== before.phone) {
          const taken = await phoneTaken(tx, input.phone, id);
          if (taken) throw taken;
        }
        const [after] = await tx
          .update(customers)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(customers.id, id))
          .returning();
        await audit(tx, req, { action: 'update', entity: 'customer', entityId: id, summary: phoneSafeDiff(before, input) });
        return after;
      }),
    );
    return ok(withMaskedPhone(row));
  });

  app.delete(`${base}/:id`, { ...guard('delete'), schema: { params: idParams } }, async (req) => {
    await deleteRow(app.db, req, resource, req.params.id, {
      summary: (c) => `删除客户 ${c.name} ${maskPhone(c.phone)}`,
      blocked: (c, refs) => `客户「${c.name}」已有${refs.join('、')}，不能删除`,
    });
    return ok(null);
  });
};

export default customerRoutes;
