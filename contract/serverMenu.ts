import { z } from 'zod';

/**
 * A server menu item, the shape of docs/console.md. The schema lives apart from contract/access.ts so
 * that the console's first chunk, which imports the access rules, does not carry zod.
 */
const menuPageSchema = z.object({
  path: z.string(),
  name: z.string(),
  meta: z.object({
    locale: z.string(),
    requiresAuth: z.boolean(),
    icon: z.string().optional(),
    order: z.number(),
    roles: z.array(z.string()),
  }),
});
/** data of user/menu: the groups, each with its pages (two levels). */
export const serverMenuSchema = z.array(menuPageSchema.extend({ children: z.array(menuPageSchema).optional() }));
export type ServerMenuItem = z.infer<typeof serverMenuSchema>[number];
