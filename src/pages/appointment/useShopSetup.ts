import { useGetIdentity, useList, useOne } from '@refinedev/core';
import type { UserInfo } from '../../../contract/auth';
import type { Shop } from '../../../contract/shop';
import type { Staff } from '../../../contract/staff';
import type { Program } from '../../../contract/program';

/** What the booking pages need of the current shop: its opening hours, active staff and on-shelf programs. */
export function useShopSetup() {
  const { data: user } = useGetIdentity<UserInfo>();
  const shopId = user?.shopID ?? undefined;
  const { result: shop } = useOne<Shop>({ resource: 'shops', id: shopId, queryOptions: { enabled: shopId !== undefined } });
  const { result: staffPage } = useList<Staff>({
    resource: 'staff',
    filters: [{ field: 'status', operator: 'eq', value: 'active' }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 200 },
  });
  const { result: programPage, query: programQuery } = useList<Program>({
    resource: 'programs',
    filters: [{ field: 'status', operator: 'eq', value: 'on' }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 200 },
  });
  return {
    shop,
    openTime: shop?.openTime ?? '10:00',
    closeTime: shop?.closeTime ?? '21:00',
    staff: staffPage?.data ?? [],
    programs: programPage?.data ?? [],
    programsLoading: programQuery.isLoading,
  };
}

export type ShopSetup = ReturnType<typeof useShopSetup>;
