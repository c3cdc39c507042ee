import { inArray } from 'drizzle-orm';
import type { GrantInput } from '../../contract/account';
import type { DbOrTx } from '../db/client';
import { shops } from '../db/schema';
import { conflict, invalid } from '../http/errors';

/**
 * The shops named by shop-manager grants must exist and be open; answers the grants with their shop names.
 * The rows are share-locked so a shop cannot close while a grant to it is being written.
 * fieldOf names the bad field of a 40000 the way the request body does.
 */
export async function checkGrantShops(
  db: DbOrTx,
  grants: GrantInput[],
  fieldOf: (index: number) => string,
): Promise<(GrantInput & { shopName: string | null })[]> {
  const ids = [...new Set(grants.map((g) => g.shopID).filter((id): id is number => id !== null))];
  const rows = ids.length
    ? await db.select({ id: shops.id, name: shops.name, status: shops.status }).from(shops).where(inArray(shops.id, ids)).for('share')
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return grants.map((g, i) => {
    if (g.shopID === null) return { ...g, shopName: null };
    const shop = byId.get(g.shopID);
    if (!shop) throw invalid('门店不存在', [{ field: fieldOf(i), message: '门店不存在' }]);
    if (shop.status !== 'open') throw conflict(`门店「${shop.name}」已停业，不能授予店长角色`);
    return { ...g, shopName: shop.name };
  });
}
