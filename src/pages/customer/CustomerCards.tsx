import { Card, Collapse, Descriptions, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '../../../contract/memberCard';
import type { CardTransaction, CardTransactionKind } from '../../../contract/cardTransaction';
import { formatDateTime, formatDay } from '../../components/format';
import { formatFen } from '../../components/money';
import { optionKey } from '../../components/crud';
import { MEMBER_CARD_STATUS_TONES, StatusTag } from '../../components/statusTag';

/** A card's transactions, newest first. */
function CardTransactions({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const { result, query } = useList<CardTransaction>({
    resource: 'card-transactions',
    filters: [{ field: 'cardId', operator: 'eq', value: cardId }],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  const f = (field: string) => t(`cardTransaction.fields.${field}`);
  return (
    <Table<CardTransaction>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={result?.data ?? []}
      columns={[
        { key: 'createdAt', title: f('createdAt'), dataIndex: 'createdAt', render: (iso: string) => formatDateTime(iso) },
        {
          key: 'kind',
          title: f('kind'),
          dataIndex: 'kind',
          render: (k: CardTransactionKind) => t(optionKey('cardTransaction', 'kind', k)),
        },
        { key: 'principalFen', title: f('principalFen'), dataIndex: 'principalFen', align: 'right', render: (v: number) => formatFen(v) },
        { key: 'bonusFen', title: f('bonusFen'), dataIndex: 'bonusFen', align: 'right', render: (v: number) => formatFen(v) },
        { key: 'sessions', title: f('sessions'), dataIndex: 'sessions', align: 'right', render: (n: number) => (n === 0 ? '-' : n) },
        { key: 'shopName', title: f('shopName'), dataIndex: 'shopName' },
        { key: 'orderNo', title: f('orderNo'), dataIndex: 'orderNo', render: (no: string | null) => no ?? '-' },
        { key: 'accountName', title: f('accountName'), dataIndex: 'accountName' },
      ]}
    />
  );
}

/** One card: kind and plan, balance (principal + bonus) or sessions left, validity, status. */
function MemberCardView({ card }: { card: MemberCard }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`memberCard.fields.${field}`);
  return (
    <Card
      size="small"
      data-testid={`member-card-${card.id}`}
      title={
        <Space wrap>
          {t(optionKey('memberCard', 'kind', card.kind))}
          <Typography.Text type="secondary">{card.planName}</Typography.Text>
        </Space>
      }
      extra={<StatusTag tone={MEMBER_CARD_STATUS_TONES[card.status]}>{t(optionKey('memberCard', 'status', card.status))}</StatusTag>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        {card.kind === 'stored-value' ? (
          <Descriptions.Item label={f('balanceFen')}>
            {t('memberCard.balance', {
              total: formatFen(card.principalFen + card.bonusFen),
              principal: formatFen(card.principalFen),
              bonus: formatFen(card.bonusFen),
            })}
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={f('programName')}>{card.programName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={f('sessionsLeft')}>
              {t('memberCard.sessions', { left: card.sessionsLeft ?? 0, total: card.sessionsTotal ?? 0 })}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={f('validUntil')}>
          {card.validUntil ? formatDay(card.validUntil) : t('memberCard.noExpiry')}
        </Descriptions.Item>
        <Descriptions.Item label={f('soldShopName')}>{card.soldShopName}</Descriptions.Item>
        <Descriptions.Item label={f('createdAt')}>{formatDateTime(card.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Collapse
        size="small"
        ghost
        items={[
          { key: 'tx', label: t('memberCard.transactions', { name: card.planName }), children: <CardTransactions cardId={card.id} /> },
        ]}
      />
    </Card>
  );
}

/** The customer's 会员卡 tab: every card they hold or held, each with its transactions. */
export default function CustomerCards({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { result, query } = useList<MemberCard>({
    resource: 'member-cards',
    filters: [{ field: 'customerId', operator: 'eq', value: customerId }],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  if (query.isLoading) return <Skeleton active />;
  const cards = result?.data ?? [];
  if (cards.length === 0) return <Empty description={t('memberCard.none')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {cards.map((c) => (
        <MemberCardView key={c.id} card={c} />
      ))}
    </Space>
  );
}
