import { z } from 'zod';
import { strictObject } from './validation';

/**
 * GET <resource>/delete-blocks?ids=: for the rows of a list page, why history keeps each from being
 * deleted (the reason a DELETE would answer with 409), so the page can say it on the button instead
 * of inviting a click that fails. Rows nothing refers to, and ids the caller cannot see, are left out.
 */
const MAX_DELETE_BLOCK_IDS = 100;

const IDS_FORMAT = '记录 ID 列表 ids 应为以逗号分隔的正整数';

export const deleteBlocksQuerySchema = strictObject({
  ids: z
    .string({ error: IDS_FORMAT })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, IDS_FORMAT)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n <= 2_147_483_647), IDS_FORMAT)
    .refine((ids) => ids.length <= MAX_DELETE_BLOCK_IDS, `记录 ID 列表 ids 一次最多 ${MAX_DELETE_BLOCK_IDS} 个`),
});

export const deleteBlockSchema = z.object({ id: z.number().int(), reason: z.string() });
export type DeleteBlock = z.infer<typeof deleteBlockSchema>;
