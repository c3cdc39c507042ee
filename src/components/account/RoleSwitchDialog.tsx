import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Empty, Modal, Radio, Space, Spin, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { grantLabel } from '../../../contract/account';
import type { Grant, RoleShopList, UserInfo } from '../../../contract/auth';
import { DEFAULT_ROUTE } from '../../../contract/routes';
import { api } from '../../providers/http';
import { setUser } from '../../stores/currentUser';
import { emitRoleSwitched } from './roleSwitchEvents';
import { StatusTag } from '../statusTag';

const keyOf = (g: Pick<Grant, 'role' | 'shopID'>) => `${g.role}:${g.shopID ?? ''}`;

/**
 * 切换角色: the account's grants from user/role/shop; choosing one calls user/role/shop/change, then
 * reloads the user info (the sider menu follows the role in the store), announces the switch (the tab
 * bar resets), opens Workplace and drops every cached answer of the old role and shop.
 */
export function RoleSwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string>();
  const list = useQuery({
    queryKey: ['role-shop'],
    queryFn: () => api.post<RoleShopList>(API.roleShop),
    enabled: open,
    // Grants change when an admin adds or removes one: ask each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const current = list.data ? keyOf(list.data.current) : undefined;
  const selected = choice ?? current;
  const grant = list.data?.grants.find((g) => keyOf(g) === selected);

  const close = () => {
    setChoice(undefined);
    onClose();
  };

  const change = useMutation({
    mutationFn: async (g: Grant) => {
      await api.post<RoleShopList>(API.roleShopChange, { role: g.role, shopID: g.shopID });
      return api.post<UserInfo>(API.userInfo);
    },
    onSuccess: (user, g) => {
      // Committed at once, so the old role's pages (and the tabs keeping them) are gone before the
      // cache is reset: a page of the old role must not refetch under the new one.
      flushSync(() => {
        setUser(user);
        emitRoleSwitched(user);
        navigate(DEFAULT_ROUTE);
      });
      // Every cached answer belongs to the old role and shop: drop it, refetch what is on screen.
      void queryClient.resetQueries();
      void message.success(t('account.switch.done', { grant: grantLabel(g.role, g.shop) }));
      close();
    },
  });

  return (
    <Modal
      open={open}
      title={t('account.switch.title')}
      okText={t('account.switch.ok')}
      cancelText={t('common.cancel')}
      onOk={() => grant && change.mutate(grant)}
      onCancel={close}
      okButtonProps={{ disabled: !grant || selected === current, loading: change.isPending }}
      destroyOnHidden
      width={440}
    >
      {/* The spinner alone while loading: a Spin around the list let go of its blur (pointer-events: none) only a render after the grants came. */}
      {list.isLoading && <Spin style={{ display: 'block', padding: '24px 0' }} />}
      {list.data && list.data.grants.length === 0 && <Empty description={t('account.switch.none')} />}
      {list.data && list.data.grants.length === 1 && (
        <Alert type="info" showIcon message={t('account.switch.only')} style={{ marginBottom: 12 }} />
      )}
      {list.data && (
        <Radio.Group value={selected} onChange={(e) => setChoice(e.target.value as string)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {list.data.grants.map((g) => (
              <Radio key={keyOf(g)} value={keyOf(g)}>
                {grantLabel(g.role, g.shop)}
                {keyOf(g) === current && (
                  <StatusTag tone="info" bordered={false} style={{ marginInlineStart: 8 }}>
                    {t('account.switch.current')}
                  </StatusTag>
                )}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
