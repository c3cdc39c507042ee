import { Form, Select } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { grantSchema, type GrantInput } from '../../../contract/account';
import { ROLES, roleNeedsShop, type Role } from '../../../contract/roles';
import type { Shop } from '../../../contract/shop';

/** The roles as choices, named in the console's language. */
export function roleOptions(t: (key: string) => string) {
  return ROLES.map((value) => ({ value, label: t(`account.options.role.${value}`) }));
}

/** What the form holds for a grant; the shop stays behind when the role changes away from shop-manager. */
export interface GrantValues {
  role?: Role;
  shopID?: number | null;
}

/** The grant as the API takes it: only a shop-manager grant names a shop. */
export function toGrant(values: GrantValues): GrantInput {
  return { role: values.role as Role, shopID: values.role && roleNeedsShop(values.role) ? (values.shopID ?? null) : null };
}

/** Every shop for the grant picker; a chain has far fewer than one page of 200. Closed shops cannot be granted. */
export function useShopOptions() {
  const { t } = useTranslation();
  const { result, query } = useList<Shop>({
    resource: 'shops',
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  const options = result.data.map((s) => ({
    value: s.id,
    label: s.status === 'open' ? s.name : `${s.name}${t('account.grant.closedShop')}`,
    disabled: s.status !== 'open',
  }));
  return { options, loading: query.isLoading };
}

type NamePath = (string | number)[];

/**
 * Role and (for a shop-manager) shop of one grant at `name` (relative inside a Form.List row); `path`
 * is the same place from the form's root, which dependencies and getFieldValue need. The shop rule is
 * the contract's grantSchema, so it says what the server would.
 */
export function GrantInputs({ name, path, shops }: { name: NamePath; path: NamePath; shops: ReturnType<typeof useShopOptions> }) {
  const { t } = useTranslation();
  const rolePath = [...path, 'role'];
  return (
    <>
      <Form.Item
        name={[...name, 'role']}
        rules={[{ required: true, message: t('account.grant.role.required') }]}
        style={{ marginBottom: 0, width: 130 }}
      >
        <Select<Role> options={roleOptions(t)} placeholder={t('account.grant.role.placeholder')} aria-label={t('account.grant.role')} />
      </Form.Item>
      <Form.Item noStyle dependencies={[rolePath]}>
        {({ getFieldValue }) =>
          roleNeedsShop(getFieldValue(rolePath)) && (
            <Form.Item
              name={[...name, 'shopID']}
              style={{ marginBottom: 0, flex: 1, minWidth: 200 }}
              rules={[
                {
                  required: true,
                  validator: async (_, shopID?: number | null) => {
                    const checked = grantSchema.safeParse({ role: getFieldValue(rolePath), shopID: shopID ?? null });
                    const issue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'shopID');
                    if (issue) throw new Error(issue.message);
                  },
                },
              ]}
            >
              <Select<number>
                options={shops.options}
                loading={shops.loading}
                placeholder={t('account.grant.shop.placeholder')}
                aria-label={t('account.grant.shop')}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
