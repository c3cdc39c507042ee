import { Button, Descriptions, Grid, InputNumber, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_LINE_QUANTITY } from '../../../contract/order';
import { MoneyInput, formatFen } from '../../components/money';
import type { PricedDraft, PricedLine } from './pricing';
import { StatusTag, VIP_TONE } from '../../components/statusTag';

export interface CartEdits {
  /** A service line's quantity or discount; a card or a session is always one, undiscounted. */
  onLine: (key: string, change: Partial<Pick<PricedLine, 'quantity' | 'discountFen'>>) => void;
  onRemove: (key: string) => void;
  onDiscount: (fen: number) => void;
}

/** A line's unit price, marked when it is the VIP price, a package session (次卡抵扣) or a card sold. */
function UnitPrice({ line }: { line: Pick<PricedLine, 'unitPriceFen' | 'vipPrice' | 'kind' | 'sessionsLeft'> }) {
  const { t } = useTranslation();
  return (
    <span>
      {formatFen(line.unitPriceFen)} {line.vipPrice && <StatusTag tone={VIP_TONE}>{t('checkstand.vipPrice')}</StatusTag>}
      {line.kind === 'session' && <StatusTag tone="info">{t('checkstand.cart.session')}</StatusTag>}
      {line.kind === 'card' && <StatusTag tone="processing">{t('checkstand.cart.card')}</StatusTag>}
    </span>
  );
}

/**
 * The cart: each line's unit price, quantity, line discount and amount, the order discount, the
 * total and the amount payable, in yuan. With `edits` the cashier changes them; without, it shows a
 * made order as the server priced it.
 */
export function Cart({ priced, edits }: { priced: PricedDraft; edits?: CartEdits }) {
  const { t } = useTranslation();
  // The page's columns sit side by side from xl; narrower, the programs stack above the cart.
  const { xl, sm } = Grid.useBreakpoint();
  // Below 576 px the six columns would scroll out of sight: a line's name, price and amount in one
  // column, its quantity and discount in the other.
  const narrow = sm === false;
  const editable = (l: PricedLine) => edits !== undefined && l.kind === 'service';
  const quantity = (l: PricedLine) =>
    edits && editable(l) ? (
      <InputNumber
        size="small"
        min={1}
        max={MAX_LINE_QUANTITY}
        precision={0}
        value={l.quantity}
        aria-label={t('checkstand.cart.quantityOf', { name: l.name })}
        onChange={(v) => v && edits.onLine(l.key, { quantity: v })}
        style={{ width: 70 }}
      />
    ) : (
      l.quantity
    );
  const discount = (l: PricedLine) =>
    edits && editable(l) ? (
      <MoneyInput
        size="small"
        // Empty rather than 0.00, so typing starts a fresh amount.
        value={l.discountFen || undefined}
        placeholder="0.00"
        aria-label={t('checkstand.cart.discountOf', { name: l.name })}
        status={l.amountFen < 0 ? 'error' : undefined}
        onChange={(v) => edits.onLine(l.key, { discountFen: v ?? 0 })}
      />
    ) : (
      formatFen(l.discountFen)
    );
  const remove = (l: PricedLine) =>
    edits && (
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('checkstand.cart.remove', { name: l.name })}
        onClick={() => edits.onRemove(l.key)}
      />
    );
  const columns: TableColumnsType<PricedLine> = [
    { key: 'name', title: t('order.fields.programId'), dataIndex: 'name' },
    { key: 'unit', title: t('order.fields.unitPriceFen'), render: (_, l) => <UnitPrice line={l} /> },
    {
      key: 'quantity',
      title: t('order.fields.quantity'),
      width: 90,
      render: (_, l) => quantity(l),
    },
    {
      key: 'discount',
      title: t('order.fields.lineDiscountFen'),
      width: 130,
      render: (_, l) => discount(l),
    },
    {
      key: 'amount',
      title: t('order.fields.amountFen'),
      align: 'right',
      render: (_, l) => <Typography.Text strong>{formatFen(l.amountFen)}</Typography.Text>,
    },
    ...(edits
      ? [
          {
            key: 'remove',
            width: 44,
            render: (_: unknown, l: PricedLine) => remove(l),
          },
        ]
      : []),
  ];
  const phoneColumns: TableColumnsType<PricedLine> = [
    {
      key: 'line',
      title: t('order.fields.programId'),
      render: (_, l) => (
        <>
          <div>{l.name}</div>
          <UnitPrice line={l} />
          <div>
            <Typography.Text strong>{formatFen(l.amountFen)}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'edit',
      title: `${t('order.fields.quantity')} / ${t('order.fields.lineDiscountFen')}`,
      width: 150,
      render: (_, l) => (
        <Space direction="vertical" size={4}>
          <Space size={4}>
            {quantity(l)}
            {remove(l)}
          </Space>
          {discount(l)}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<PricedLine>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={priced.lines}
        // antd writes a table's empty text in its disabled grey (1.83:1); this one is read.
        locale={{
          emptyText: <Typography.Text type="secondary">{t(xl ? 'checkstand.cart.empty' : 'checkstand.cart.emptyAbove')}</Typography.Text>,
        }}
        scroll={narrow ? undefined : { x: 520 }}
        columns={narrow ? phoneColumns : columns}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }} className="checkstand-totals">
        <Descriptions.Item label={t('order.fields.totalFen')}>{formatFen(priced.totalFen)}</Descriptions.Item>
        <Descriptions.Item label={t('order.fields.discountFen')}>
          {edits ? (
            <MoneyInput
              size="small"
              value={priced.discountFen || undefined}
              placeholder="0.00"
              aria-label={t('order.fields.discountFen')}
              disabled={priced.lines.some((l) => l.kind === 'card')}
              status={priced.payableFen < 0 ? 'error' : undefined}
              onChange={(v) => edits.onDiscount(v ?? 0)}
              style={{ width: 140 }}
            />
          ) : (
            formatFen(priced.discountFen)
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('order.fields.payableFen')}>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="payable">
            {formatFen(priced.payableFen)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
