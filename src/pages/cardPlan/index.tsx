import { Button, Form, Select, Typography } from 'antd';
import { useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import {
  CARD_KINDS,
  CARD_PLAN_STATUSES,
  type CardKind,
  type CardPlan,
  type CardPlanInput,
  type CardPlanStatus,
} from '../../../contract/cardPlan';
import { formatFen } from '../../components/money';
import { optionKey, useOptions } from '../../components/crud';
import { Allowed, ResourceListPage, type ListSearch } from '../../components/listPage';
import { CARD_PLAN_STATUS_TONES, StatusTag } from '../../components/statusTag';
import CardPlanForm from './CardPlanForm';

interface CardPlanSearch extends ListSearch {
  kind?: CardKind;
  status?: CardPlanStatus;
}

/** What a new plan starts with: a stored-value plan on shelf (the create schema's defaults). */
const NEW_PLAN: Partial<CardPlanInput> = { kind: 'stored-value', bonusFen: 0, status: 'on', note: '' };

/**
 * /operation/cards (admin): the card plans the cashiers sell (卡项), stored-value (储值卡: price and
 * bonus) and packages (次卡: program, sessions, validity). A plan sold once is never deleted, only
 * taken off shelf; a change of terms applies to later sales.
 */
export default function CardPlanListPage() {
  const { t } = useTranslation();
  const kindOptions = useOptions('cardPlan', 'kind', CARD_KINDS);
  const statusOptions = useOptions('cardPlan', 'status', CARD_PLAN_STATUSES);
  const { mutate: update } = useUpdate<CardPlan>();

  const setShelf = (plan: CardPlan, status: CardPlanStatus) =>
    update({
      resource: 'card-plans',
      id: plan.id,
      values: { status },
      successNotification: () => ({
        type: 'success',
        message: t(status === 'on' ? 'cardPlan.shelvedOn' : 'cardPlan.shelvedOff', { name: plan.name }),
      }),
    });

  return (
    <ResourceListPage<'card-plans', CardPlanSearch, CardPlanInput>
      resource="card-plans"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      filters={
        <>
          <Form.Item name="kind">
            <Select
              placeholder={t('cardPlan.filter.kind')}
              aria-label={t('cardPlan.filter.kind')}
              options={kindOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder={t('cardPlan.filter.status')}
              aria-label={t('cardPlan.filter.status')}
              options={statusOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ kind, status }) => [
        { field: 'kind', operator: 'eq', value: kind },
        { field: 'status', operator: 'eq', value: status },
      ]}
      scrollX={960}
      actionsWidth={150}
      columns={[
        {
          field: 'name',
          width: 170,
          sortable: true,
          render: (name: string, p) => <Typography.Text type={p.status === 'off' ? 'secondary' : undefined}>{name}</Typography.Text>,
        },
        { field: 'kind', sortable: true, width: 80, render: (kind: CardKind) => t(optionKey('cardPlan', 'kind', kind)) },
        { field: 'priceFen', sortable: true, align: 'right', width: 110, render: (fen: number) => formatFen(fen) },
        {
          field: 'bonusFen',
          align: 'right',
          width: 100,
          render: (fen: number, p) => (p.kind === 'stored-value' ? formatFen(fen) : '-'),
        },
        {
          field: 'programName',
          titleKey: 'cardPlan.column.terms',
          width: 190,
          render: (_: unknown, p) =>
            p.kind === 'package'
              ? t('cardPlan.terms', { program: p.programName ?? '', sessions: p.sessions, days: p.validDays })
              : t('cardPlan.noExpiry'),
        },
        { field: 'soldCount', align: 'right', width: 70 },
        {
          field: 'status',
          sortable: true,
          width: 80,
          render: (status: CardPlanStatus) => (
            <StatusTag tone={CARD_PLAN_STATUS_TONES[status]}>{t(optionKey('cardPlan', 'status', status))}</StatusTag>
          ),
        },
      ]}
      rowActions={(plan, { edit, remove }) => (
        <>
          {edit}
          <Allowed action="edit">
            <Button type="link" size="small" onClick={() => setShelf(plan, plan.status === 'on' ? 'off' : 'on')}>
              {t(plan.status === 'on' ? 'cardPlan.shelfOff' : 'cardPlan.shelfOn')}
            </Button>
          </Allowed>
          {remove}
        </>
      )}
      form={{
        width: 720,
        initialValues: NEW_PLAN,
        render: (formProps, editing) => <CardPlanForm formProps={formProps} editing={editing} />,
      }}
    />
  );
}
