import type { HttpHandler } from 'msw';
import type { z } from 'zod';
import { apiAllows, resourcePath, type ApiVerb, type ResourceDescriptor } from '../../../contract/resource';
import { RESOURCES } from '../../../contract/resources';
import { deleteBlocksQuerySchema } from '../../../contract/deleteBlock';
import { api, badField, changes, conflict, forbidden, input, invalid, notFound, page, parseId, query, refusalOf, type Call } from './http';
import { matchingRows, pageBounds, type ListHooks } from './listQuery';
import { authenticate, type Session } from './session';
import { Table, type NewRow, type StoredRow } from './store';

/** Who is calling, for the hooks. */
export interface CallContext {
  session: Session;
  request: Request;
}

/** What a feature adds to the generic CRUD of its resource; every hook is optional. */
export interface ResourceHooks<Row extends StoredRow> extends ListHooks<Row> {
  /** The rows every reset starts from; none by default. */
  seed?: () => NewRow<Row>[];
  /**
   * The field naming a row's shop, for shop scoping: `shopId`, `id` when the rows are the shops, or
   * `holderShopId` when a row belongs to the shop of the customer holding it (a card and its history).
   */
  shopKey?: 'id' | 'shopId' | 'holderShopId';
  /** The caller's defaults on a list query (a manager's on-shelf programs), before it is read. */
  beforeList?: (params: URLSearchParams, ctx: CallContext) => void;
  /** The last word on a row about to be stored (`before` is the stored one on update): may refuse it by throwing, or complete it. */
  beforeWrite?: (row: Row, ctx: CallContext & { before?: Row }) => void;
  /** May refuse a delete (a 409 naming what still refers to the row); GET delete-blocks answers these refusals. */
  beforeDelete?: (row: Row, ctx: CallContext) => void;
  /** The row as the API answers it (a masked phone, no password); the stored row by default. */
  toResponse?: (row: Row, ctx: CallContext & { verb: ApiVerb }) => unknown;
  /** The list's `_view`s by name: each answers a page of rows in its own shape (the booking calendar's columns). */
  views?: Record<string, (rows: Row[]) => unknown>;
}

type Method = keyof typeof api;
type Answer = (call: CallContext & Pick<Call, 'params'>) => unknown;
export type MockResource<Row extends StoredRow> = ReturnType<typeof mockResource<Row>>;

/** The handlers of every resource a feature file serves, by name. */
const served = new Map<string, () => HttpHandler[]>();

/** A nullable field the input left out is stored as null, as a column without a value would be. */
function nullsOf(row: z.ZodType): Record<string, null> {
  const shape = (row as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.fromEntries(
    Object.entries(shape)
      .filter(([, field]) => field.safeParse(null).success)
      .map(([key]) => [key, null]),
  );
}

/**
 * The answer `_view` names, taken out of the query; undefined without one. A resource without views
 * leaves it to the list protocol, which refuses it as an unknown field.
 */
function viewOf<Row extends StoredRow>(params: URLSearchParams, views: ResourceHooks<Row>['views']) {
  const names = params.getAll('_view');
  if (!views || names.length === 0) return undefined;
  params.delete('_view');
  if (names.length > 1 || !Object.hasOwn(views, names[0])) throw badField('_view', `_view 只能是 ${Object.keys(views).join('、')}`);
  return views[names[0]];
}

/** The in-memory resource a descriptor describes: its rows, roles, shop scope, validation and list protocol. */
export function mockResource<Row extends StoredRow>(descriptor: ResourceDescriptor, hooks: ResourceHooks<Row> = {}) {
  const table = new Table<Row>(descriptor.name, hooks.seed ?? (() => []));
  const path = resourcePath(descriptor);
  const shopKey = hooks.shopKey ?? 'shopId';
  const nulls = nullsOf(descriptor.schemas.row);
  const own: HttpHandler[] = [];

  /** The caller's session, if its role may make this call; 40300 otherwise. */
  const authorize = (verb: ApiVerb, request: Request): CallContext => {
    const session = authenticate(request);
    if (!apiAllows(descriptor, verb, session.role)) throw forbidden();
    return { session, request };
  };
  const managerOnly = (session: Session) => descriptor.shopScoped && session.role === 'shop-manager';
  const visible = ({ session }: CallContext) =>
    managerOnly(session) ? table.rows.filter((r) => (r as unknown as Record<string, unknown>)[shopKey] === session.shopID) : table.rows;
  /** The row with the path's id the caller may see; another shop's row is the descriptor's 404. */
  const find = (ctx: CallContext, rawId: string | readonly string[] | undefined) => {
    const id = parseId(rawId);
    const row = visible(ctx).find((r) => r.id === id);
    if (!row) throw notFound(descriptor.missing);
    return row;
  };
  /** The row as the call answers it (an update's answer unless told). */
  const respond = (row: Row, ctx: CallContext, verb: ApiVerb = 'update') =>
    hooks.toResponse ? hooks.toResponse(row, { ...ctx, verb }) : row;
  /** Every row a list query picks for the caller, without pages (a list's sums, its export). */
  const matching = (ctx: CallContext, params: URLSearchParams) => {
    hooks.beforeList?.(params, ctx);
    return matchingRows(descriptor, hooks, params, visible(ctx));
  };
  const handle = (method: Method, subPath: string, verb: ApiVerb, answer: Answer) =>
    api[method](path + subPath, ({ request, params }) => answer({ ...authorize(verb, request), params }));
  /** A call of the feature's own under the resource's path (`/summary`, `/:id/grants/:grantId`), guarded as `verb`. */
  const route = (method: Method, subPath: string, verb: ApiVerb, answer: Answer) => void own.push(handle(method, subPath, verb, answer));
  /** `POST /:id/<name>`: role checked by the descriptor's actions, the row found as a read finds it. */
  const action = (name: string, run: (row: Row, ctx: CallContext) => unknown) =>
    route('post', `/:id/${name}`, `action:${name}`, (ctx) => run(find(ctx, ctx.params.id), ctx));

  // Before the CRUD's `/:id`, which would take "delete-blocks" for an id. The reasons are beforeDelete's 409s.
  if (descriptor.deleteBlocks) {
    route('get', '/delete-blocks', 'delete', (ctx) => {
      const { ids } = query(deleteBlocksQuerySchema, ctx.request);
      return visible(ctx).flatMap((row) => {
        const reason = ids.includes(row.id) ? refusalOf(() => hooks.beforeDelete?.(row, ctx)) : null;
        return reason === null ? [] : [{ id: row.id, reason }];
      });
    });
  }

  const crud = [
    handle('get', '', 'list', (ctx) => {
      const params = new URL(ctx.request.url).searchParams;
      const view = viewOf(params, hooks.views);
      const { start, end } = pageBounds(params, hooks.maxPageSize?.(params));
      const rows = matching(ctx, params);
      const shown = rows.slice(start, end);
      return page(view ? view(shown) : shown.map((r) => respond(r, ctx, 'list')), rows.length);
    }),
    handle('get', '/:id', 'read', (ctx) => respond(find(ctx, ctx.params.id), ctx, 'read')),
    handle('post', '', 'create', async (ctx) => {
      const values = (await input(descriptor.schemas.create, ctx.request)) as object;
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
    handle('patch', '/:id', 'update', async (ctx) => {
      parseId(ctx.params.id);
      const values = (await changes(descriptor.schemas.update, ctx.request)) as object;
      const before = find(ctx, ctx.params.id);
      const row = { ...before, ...values, updatedAt: new Date().toISOString() };
      hooks.beforeWrite?.(row, { ...ctx, before });
      return respond(table.replace(before, row), ctx);
    }),
    handle('delete', '/:id', 'delete', (ctx) => {
      const row = find(ctx, ctx.params.id);
      hooks.beforeDelete?.(row, ctx);
      table.remove(row);
      return null;
    }),
  ];

  // The feature's calls first: GET /summary would otherwise read as GET /:id.
  const handlers = (): HttpHandler[] => [...own, ...crud];
  served.set(descriptor.name, handlers);
  return { table, authorize, find, respond, matching, route, action, handlers };
}

/** Every resource of the contract: its feature's, or the engine's CRUD over no rows, so a new resource needs no mock file. */
export const resourceHandlers = (): HttpHandler[] =>
  Object.values(RESOURCES).flatMap((d) => (served.get(d.name) ?? mockResource(d).handlers)());

/** A status change declared as data. */
interface StatusStep<Row extends { status: string }, S extends z.ZodType> {
  /** The states it is allowed from; from any other it is refused with 409 `refusal`. */
  from: readonly Row['status'][];
  refusal: string | ((row: Row) => string);
  /** The body it reads; none without. */
  body?: S;
  /** The new status and what goes with it; may refuse by throwing. */
  set: (row: Row, body: z.output<S>, ctx: CallContext) => Partial<Row>;
}

/** `POST /:id/<name>` moving a row's status by `step`, answering the row; the returned function applies the step to a row (of a batch). */
export function statusStep<Row extends StoredRow & { status: string }, S extends z.ZodType = z.ZodUndefined>(
  resource: MockResource<Row>,
  name: string,
  step: StatusStep<Row, S>,
) {
  const apply = (row: Row, body: z.output<S>, ctx: CallContext) => {
    if (!step.from.includes(row.status)) throw conflict(typeof step.refusal === 'string' ? step.refusal : step.refusal(row));
    return resource.table.update(row, step.set(row, body, ctx));
  };
  resource.action(name, async (row, ctx) => {
    const body = (step.body ? await input(step.body, ctx.request) : undefined) as z.output<S>;
    return resource.respond(apply(row, body, ctx), ctx);
  });
  return apply;
}

/** A rule across fields, checked on the row as it would be stored (an update merged with the stored row). */
export function crossFieldRule<Row>(valid: (row: Row) => boolean, error: { message: string; path: string[] }) {
  return (row: Row) => {
    if (!valid(row)) throw invalid(error.message, [{ field: error.path.join('.'), message: error.message }]);
  };
}
