import type { HttpHandler } from 'msw';
import type { z } from 'zod';
import { apiAllows, resourcePath, type ApiVerb, type ResourceDescriptor } from '../../../contract/resource';
import { ErrorCode } from '../../../contract/envelope';
import { deleteBlocksQuerySchema } from '../../../contract/deleteBlock';
import { api, badField, changes, forbidden, input, invalid, MockError, notFound, page, parseId } from './http';
import { listPage, matchingRows, type ListHooks } from './listQuery';
import { authenticate, type Session } from './session';
import { Table, type SeedRow, type StoredRow } from './store';

/** Who is calling, for the hooks. */
export interface CallContext {
  session: Session;
  request: Request;
}

/** What a feature adds to the generic CRUD of its resource; every hook is optional but the demo rows. */
export interface ResourceHooks<Row extends StoredRow> extends ListHooks<Row> {
  seed: () => SeedRow<Row>[];
  /** The field naming a row's shop, for shop scoping: `shopId`, or `id` when the rows are the shops. */
  shopKey?: 'id' | 'shopId';
  /** The caller's defaults on a list query (a manager's on-shelf programs), before it is read. */
  beforeList?: (params: URLSearchParams, ctx: CallContext) => void;
  /** The last word on a row about to be stored (`before` is the stored one on update): may refuse it by throwing, or complete it. */
  beforeWrite?: (row: Row, ctx: CallContext & { before?: Row }) => void;
  /** May refuse a delete (a 409 naming what still refers to the row). */
  beforeDelete?: (row: Row, ctx: CallContext) => void;
  /** The row as the API answers it (a masked phone, no password); the stored row by default. */
  toResponse?: (row: Row, ctx: CallContext & { verb: ApiVerb }) => unknown;
}

export interface MockResource<Row extends StoredRow> {
  table: Table<Row>;
  /** The caller's session, if its role may make this call; 40300 otherwise. */
  authorize(verb: ApiVerb, request: Request): CallContext;
  /** The row with the path's id the caller may see; another shop's row is the descriptor's 404. */
  find(ctx: CallContext, rawId: string | readonly string[] | undefined): Row;
  /** Every row a list query picks for the caller, without pages (a list's sums, its export). */
  matching(ctx: CallContext, params: URLSearchParams): Row[];
  /** `POST /:id/<name>`: role checked by the descriptor's actions, the row found as a read finds it. */
  action(name: string, run: (row: Row, ctx: CallContext) => unknown): HttpHandler;
  /** GET list, GET /:id, POST, PATCH /:id, DELETE /:id. */
  handlers: HttpHandler[];
}

/** A nullable field the input left out is stored as null, as a column without a value would be. */
function nullsOf(row: z.ZodType): Record<string, null> {
  const shape = (row as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.fromEntries(
    Object.entries(shape)
      .filter(([, field]) => field.safeParse(null).success)
      .map(([key]) => [key, null]),
  );
}

/** The in-memory resource a descriptor describes: its rows, roles, shop scope, validation and list protocol. */
export function mockResource<Row extends StoredRow>(descriptor: ResourceDescriptor, hooks: ResourceHooks<Row>): MockResource<Row> {
  const table = new Table<Row>(descriptor.name, hooks.seed);
  const path = resourcePath(descriptor);
  const shopKey = hooks.shopKey ?? 'shopId';
  const nulls = nullsOf(descriptor.schemas.row);

  const authorize = (verb: ApiVerb, request: Request): CallContext => {
    const session = authenticate(request);
    if (!apiAllows(descriptor, verb, session.role)) throw forbidden();
    return { session, request };
  };
  const managerOnly = (session: Session) => descriptor.shopScoped && session.role === 'shop-manager';
  const visible = ({ session }: CallContext) =>
    managerOnly(session) ? table.rows.filter((r) => (r as unknown as Record<string, unknown>)[shopKey] === session.shopID) : table.rows;
  const find = (ctx: CallContext, rawId: string | readonly string[] | undefined) => {
    const id = parseId(rawId);
    const row = visible(ctx).find((r) => r.id === id);
    if (!row) throw notFound(descriptor.missing);
    return row;
  };
  const respond = (row: Row, ctx: CallContext, verb: ApiVerb) => (hooks.toResponse ? hooks.toResponse(row, { ...ctx, verb }) : row);

  const handlers = [
    api.get(path, ({ request }) => {
      const ctx = authorize('list', request);
      const params = new URL(request.url).searchParams;
      hooks.beforeList?.(params, ctx);
      const found = listPage(descriptor, hooks, params, visible(ctx));
      return page(
        found.rows.map((r) => respond(r, ctx, 'list')),
        found.total,
      );
    }),

    // Before `/:id`, which would take "delete-blocks" for an id. The reasons are beforeDelete's 409s.
    ...(descriptor.deleteBlocks
      ? [
          api.get(`${path}/delete-blocks`, ({ request }) => {
            const ctx = authorize('delete', request);
            const parsed = deleteBlocksQuerySchema.shape.ids.safeParse(new URL(request.url).searchParams.get('ids'));
            if (!parsed.success) throw badField('ids', parsed.error.issues[0].message);
            const ids = new Set(parsed.data);
            return visible(ctx)
              .filter((row) => ids.has(row.id))
              .flatMap((row) => {
                try {
                  hooks.beforeDelete?.(row, ctx);
                  return [];
                } catch (e) {
                  if (e instanceof MockError && e.code === ErrorCode.CONFLICT) return [{ id: row.id, reason: e.message }];
                  throw e;
                }
              });
          }),
        ]
      : []),

    api.get(`${path}/:id`, ({ request, params }) => {
      const ctx = authorize('read', request);
      return respond(find(ctx, params.id), ctx, 'read');
    }),

    api.post(path, async ({ request }) => {
      const ctx = authorize('create', request);
      const values = (await input(descriptor.schemas.create, request)) as object;
      const now = new Date().toISOString();
      const row = { ...nulls, ...values, id: table.peekId(), createdAt: now, updatedAt: now } as unknown as Row;
      // A manager's new row belongs to the shop its session acts for; the client never names it.
      if (managerOnly(ctx.session) && shopKey === 'shopId') {
        if (ctx.session.shopID === null) throw forbidden('请先选择门店');
        Object.assign(row, { shopId: ctx.session.shopID });
      }
      hooks.beforeWrite?.(row, ctx);
      return respond(table.insert(row), ctx, 'create');
    }),

    api.patch(`${path}/:id`, async ({ request, params }) => {
      const ctx = authorize('update', request);
      parseId(params.id);
      const values = (await changes(descriptor.schemas.update, request)) as object;
      const before = find(ctx, params.id);
      const row = { ...before, ...values, updatedAt: new Date().toISOString() };
      hooks.beforeWrite?.(row, { ...ctx, before });
      return respond(table.replace(before, row), ctx, 'update');
    }),

    api.delete(`${path}/:id`, ({ request, params }) => {
      const ctx = authorize('delete', request);
      const row = find(ctx, params.id);
      hooks.beforeDelete?.(row, ctx);
      table.remove(row);
      return null;
    }),
  ];

  const action = (name: string, run: (row: Row, ctx: CallContext) => unknown) =>
    api.post(`${path}/:id/${name}`, ({ request, params }) => {
      const ctx = authorize(`action:${name}`, request);
      return run(find(ctx, params.id), ctx);
    });

  const matching = (ctx: CallContext, params: URLSearchParams) => {
    hooks.beforeList?.(params, ctx);
    return matchingRows(descriptor, hooks, params, visible(ctx));
  };

  return { table, authorize, find, matching, action, handlers };
}

/** A rule across fields, checked on the row as it would be stored (an update merged with the stored row). */
export function crossFieldRule<Row>(valid: (row: Row) => boolean, error: { message: string; path: string[] }) {
  return (row: Row) => {
    if (!valid(row)) throw invalid(error.message, [{ field: error.path.join('.'), message: error.message }]);
  };
}
