import { DEMO_SHOPS } from '../../contract/demo';
import { shopHoursValid, shopResource, SHOP_HOURS_ERROR, type Shop } from '../../contract/shop';
import { badField, conflict } from './engine/http';
import { textSearch } from './engine/listQuery';
import { crossFieldRule, mockResource } from './engine/resource';
import { tableOf } from './engine/store';
import type { MockAccount } from './accounts';

const REGION_FILTER_ERROR = '所在地区筛选必须是六位区划代码';

export const shops = mockResource<Shop>(shopResource, {
  seed: () => DEMO_SHOPS.map((s) => ({ ...s })),
  // A shop-manager sees only the shop its session acts for.
  shopKey: 'id',
  filters: {
    // A province or city code matches every shop below it; several codes match any of them.
    regionCode: (codes) => {
      if (!codes.every((c) => /^\d{6}$/.test(String(c)))) throw badField('regionCode', REGION_FILTER_ERROR);
      const prefixes = codes.map(String).map((c) => (c.endsWith('0000') ? c.slice(0, 2) : c.endsWith('00') ? c.slice(0, 4) : c));
      return (s) => prefixes.some((p) => s.regionCode.startsWith(p));
    },
  },
  search: textSearch('name', 'address', 'phone'),
  beforeWrite: crossFieldRule(shopHoursValid, SHOP_HOURS_ERROR),
  beforeDelete: (shop) => {
    const grants = tableOf<MockAccount>('accounts')
      .rows.flatMap((a) => a.grants)
      .filter((g) => g.shopID === shop.id).length;
    if (grants) throw conflict(`门店「${shop.name}」仍有${grants}个账号授权，不能删除；如已不再营业，请将其设为停业`);
  },
});

export const shopName = (id: number | null) => (id === null ? null : (shops.table.find(id)?.name ?? null));
