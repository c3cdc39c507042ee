import { useList } from '@refinedev/core';
import type { Shop } from '../../../contract/shop';
import type { Staff } from '../../../contract/staff';

const ALL = { currentPage: 1, pageSize: 200 };

/** Every shop, for a filter of the finance lists (finance and admin see all shops). */
export function useShopOptions() {
  const { result } = useList<Shop>({ resource: 'shops', pagination: ALL, sorters: [{ field: 'id', order: 'asc' }] });
  return (result?.data ?? []).map((s) => ({ value: s.id, label: s.name }));
}

/** Every staff member (of one shop when a shop is picked), named with the shop when all are shown. */
export function useStaffOptions(shopId?: number) {
  const shops = useShopOptions();
  const { result } = useList<Staff>({
    resource: 'staff',
    pagination: ALL,
    sorters: [{ field: 'id', order: 'asc' }],
    filters: [{ field: 'shopId', operator: 'eq', value: shopId }],
  });
  const shopName = (id: number) => shops.find((s) => s.value === id)?.label ?? '';
  return (result?.data ?? []).map((m) => ({ value: m.id, label: shopId ? m.name : `${m.name}（${shopName(m.shopId)}）` }));
}
