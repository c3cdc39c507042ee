import type { ReactNode } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomerCard } from '../../../contract/customer';
import { StatusTag, VIP_TONE } from '../statusTag';

/** The minimal card of a chain customer found by phone: name, masked phone, VIP and home shop. */
export function CustomerCardView({ card, extra }: { card: CustomerCard; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="customer-card" extra={extra} title={t('customerLookup.title')}>
      <Space wrap>
        <Typography.Text strong>{card.name}</Typography.Text>
        <Typography.Text type="secondary">{card.phone}</Typography.Text>
        {card.vip && <StatusTag tone={VIP_TONE}>VIP</StatusTag>}
        <Tag>{t('customerLookup.homeShop', { shop: card.shopName })}</Tag>
      </Space>
    </Card>
  );
}
