import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { REFERRERS, referencesOf, referencesTo, type ReferencedEntity } from '../db/references';
import { resourceGuard } from '../auth/resourceGuard';
import { sessionOf } from '../auth/sessionGuard';
import { audit } from '../audit/audit';
import { resourcePath, type FilterField } from '../../contract/resource';
import { deleteBlockSchema, deleteBlocksQuerySchema, type DeleteBlock } from '../../contract/deleteBlock';
import { findRow, type Resource, type RowOf } from './resource';
import { conflict } from './errors';
import { ok } from './reply';
import { envelope, idParams, nullAnswer } from './routeSchemas';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface DeletionWords<T extends PgTable> {
  /** The audit row of a delete: "删除门店 …". */
  summary: (row: RowOf<T>) => string;
  /** Why the row stays, with what refers to it and what to do instead: the 409's message. */
  blocked: (row: RowOf<T>, references: string[]) => string;
}

const idOf = (row: unknown) => (row as { id: number }).id;

/** Deletes the row in one transaction with its audit row, unless something refers to it: then 409. */
async function deleteRow<T extends PgTable, F extends Record<string, FilterField>>(
  db: Db,
  req: FastifyRequest,
  res: Resource<T, F, ReferencedEntity>,
  id: number,
  words: DeletionWords<T>,
) {
  await db.transaction(async (tx) => {
    const row = await findRow(tx, req, res, id, true);
    const refs = await referencesTo(tx, res.entity, id);
    if (refs.length) throw conflict(words.blocked(row, refs));
    await tx.delete(res.table as PgTable).where(eq(res.list.idColumn, id));
    await audit(tx, req, { action: 'delete', entity: res.entity, entityId: id, summary: words.summary(row) });
  });
}

/** The rows among `ids` that the session may see and history keeps, each with the 409's words. */
async function deleteBlocks<T extends PgTable, F extends Record<string, FilterField>>(
  db: Db,
  req: FastifyRequest,
  res: Resource<T, F, ReferencedEntity>,
  ids: number[],
  words: DeletionWords<T>,
): Promise<DeleteBlock[]> {
  const visible = (await db
    .select()
    .from(res.table as PgTable)
    .where(and(inArray(res.list.idColumn, ids), res.scope?.(sessionOf(req))))) as RowOf<T>[];
  const refs = await referencesOf(db, res.entity, visible.map(idOf));
  return visible.flatMap((row) => {
    const found = refs.get(idOf(row));
    return found ? [{ id: idOf(row), reason: words.blocked(row, found) }] : [];
  });
}

/**
 * DELETE /:id of a resource, and where history can hold its rows (the descriptor's deleteBlocks), GET
 * /delete-blocks?ids=: one set of words for both, so a list page says on the button what a click
 * would be answered. Both are guarded as a delete.
 */
export function deleteRoutes<T extends PgTable, F extends Record<string, FilterField>>(
  app: App,
  res: Resource<T, F, ReferencedEntity>,
  words: DeletionWords<T>,
): void {
  const { descriptor } = res;
  if (Boolean(descriptor.deleteBlocks) !== REFERRERS[res.entity].length > 0) {
    throw new Error(`${descriptor.name}: deleteBlocks must say whether anything refers to ${res.entity} (server/db/references.ts)`);
  }
  const base = resourcePath(descriptor);
  const preValidation = resourceGuard(descriptor, 'delete');
  app.delete(`${base}/:id`, { preValidation, schema: { params: idParams, response: nullAnswer } }, async (req) => {
    await deleteRow(app.db, req, res, req.params.id, words);
    return ok(null);
  });
  if (descriptor.deleteBlocks) {
    app.get(
      `${base}/delete-blocks`,
      { preValidation, schema: { querystring: deleteBlocksQuerySchema, response: { 200: envelope(z.array(deleteBlockSchema)) } } },
      async (req) => ok(await deleteBlocks(app.db, req, res, req.query.ids, words)),
    );
  }
}
