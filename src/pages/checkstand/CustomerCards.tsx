import { Button, List, Space, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '../../../contract/memberCard';
import { formatDay } from '../../components/format';
import { formatFen } from '../../components/money';

/** The customer's cards in use (the stored-value account and the packages), to offer them at the counter. */
export function useCustomerCards(customerId: number | null | undefined): { cards: MemberCard[]; loading: boolean } {
  const enabled = customerId !== null && customerId !== undefined;
  const { result, query } = useList<MemberCard>({
    resource: 'member-cards',
    filters: [
      { field: 'customerId', operator: 'eq', value: customerId ?? undefined },
      { field: 'status', operator: 'eq', value: 'active' },
    ],
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled },
  });
  return { cards: enabled ? (result?.data ?? []) : [], loading: enabled && query.isLoading };
}

/** The customer's stored-value account, if it holds money. */
export const storedValueOf = (cards: readonly MemberCard[]) =>
  cards.find((c) => c.kind === 'stored-value' && c.status === 'active' && c.principalFen + c.bonusFen > 0);

/**
 * Under the customer: the stored-value balance (principal + bonus) and each package with its
 * sessions left and validity, so the cashier can offer them; 核销一次 puts a session of a package
 * in the cart (charged 0).
 */
export function CustomerCards({ cards, onRedeem }: { cards: readonly MemberCard[]; onRedeem: (card: MemberCard) => void }) {
  const { t } = useTranslation();
  const account = cards.find((c) => c.kind === 'stored-value');
  const packages = cards.filter((c) => c.kind === 'package');
  if (!account && packages.length === 0) return <Typography.Text type="secondary">{t('checkstand.cards.none')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="customer-cards">
      {account && (
        <Typography.Text>
          {t('checkstand.cards.balance')} <Typography.Text strong>{formatFen(account.principalFen + account.bonusFen)}</Typography.Text>{' '}
          <Typography.Text type="secondary">
            {t('checkstand.cards.parts', { principal: formatFen(account.principalFen), bonus: formatFen(account.bonusFen) })}
          </Typography.Text>
        </Typography.Text>
      )}
      {packages.length > 0 && (
        <List
          size="small"
          dataSource={packages}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button
                  key="redeem"
                  size="small"
                  disabled={(c.sessionsLeft ?? 0) <= 0}
                  aria-label={t('checkstand.cards.redeemOf', { name: c.planName })}
                  onClick={() => onRedeem(c)}
                >
                  {t('checkstand.cards.redeem')}
                </Button>,
              ]}
            >
              <Space direction="vertical" size={0}>
                <Typography.Text>{c.planName}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('checkstand.cards.sessions', { left: c.sessionsLeft ?? 0, total: c.sessionsTotal ?? 0 })}
                  {c.validUntil && ` · ${t('checkstand.cards.validUntil', { day: formatDay(c.validUntil) })}`}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
