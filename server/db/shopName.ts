import { sql, type AnyColumn } from 'drizzle-orm';
import { shops } from './schema';

/** The name of the row's shop, looked up as a correlated subquery (a list row carries it beside its own columns). */
export const shopNameOf = (shopId: AnyColumn) => sql<string>`(select ${shops.name} from ${shops} where ${shops.id} = ${shopId})`;
