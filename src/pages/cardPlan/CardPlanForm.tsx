import { Col, Form, Input, InputNumber, Radio, Row, Select, type FormProps } from 'antd';
import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import {
  CARD_KINDS,
  CARD_PLAN_STATUSES,
  MAX_PACKAGE_SESSIONS,
  MAX_PACKAGE_VALID_DAYS,
  cardPlanFieldSchemas,
  type CardKind,
  type CardPlanInput,
} from '../../../contract/cardPlan';
import { MAX_PRICE_FEN, type Program } from '../../../contract/program';
import { zodRule } from '../../providers/formRules';
import { MoneyInput, fenToYuan } from '../../components/money';
import { useOptions } from '../../components/crud';

const S = cardPlanFieldSchemas;
const MAX_PRICE_YUAN = fenToYuan(MAX_PRICE_FEN);

/**
 * Create and edit a card plan (卡项). The kind decides the terms: a stored-value plan (储值卡) a
 * bonus (赠送), a package (次卡) its program, sessions and days of validity; the kind is fixed once
 * made. The fields of the other kind are sent as null (cardPlanTermIssues in contract/cardPlan.ts).
 */
export default function CardPlanForm({ formProps, editing }: { formProps: FormProps<CardPlanInput>; editing: boolean }) {
  const { t } = useTranslation();
  const kindOptions = useOptions('cardPlan', 'kind', CARD_KINDS);
  const statusOptions = useOptions('cardPlan', 'status', CARD_PLAN_STATUSES);
  const kind = Form.useWatch<CardKind | undefined>('kind', formProps.form);
  const { result: programs } = useList<Program>({ resource: 'programs', pagination: { currentPage: 1, pageSize: 200 } });
  const programOptions = (programs?.data ?? []).map((p) => ({ value: p.id, label: p.name }));

  return (
    <Form<CardPlanInput>
      {...formProps}
      layout="vertical"
      // PATCH takes no kind: it is shown, not sent.
      onFinish={(values) => formProps.onFinish?.(editing ? ({ ...values, kind: undefined } as unknown as CardPlanInput) : values)}
      onValuesChange={(changed: Partial<CardPlanInput>, all) => {
        formProps.onValuesChange?.(changed, all);
        // The other kind's terms are cleared, so what is sent is what the kind carries.
        if (changed.kind === 'stored-value') formProps.form?.setFieldsValue({ programId: null, sessions: null, validDays: null });
        if (changed.kind === 'package') formProps.form?.setFieldsValue({ bonusFen: 0 });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('cardPlan.fields.name')} rules={[zodRule(S.name)]}>
            <Input placeholder={t('cardPlan.name.placeholder')} maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="kind"
            label={t('cardPlan.fields.kind')}
            rules={[zodRule(S.kind)]}
            extra={editing ? t('cardPlan.kind.fixed') : undefined}
          >
            <Radio.Group optionType="button" options={kindOptions} disabled={editing} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="priceFen" label={t('cardPlan.fields.priceFen')} rules={[zodRule(S.priceFen)]}>
            <MoneyInput max={MAX_PRICE_YUAN} placeholder="0.00" />
          </Form.Item>
        </Col>
        {kind === 'stored-value' && (
          <Col xs={12} sm={8}>
            <Form.Item
              name="bonusFen"
              label={t('cardPlan.fields.bonusFen')}
              rules={[zodRule(S.bonusFen)]}
              extra={t('cardPlan.bonus.extra')}
            >
              <MoneyInput max={MAX_PRICE_YUAN} placeholder="0.00" />
            </Form.Item>
          </Col>
        )}
        {kind === 'package' && (
          <>
            <Col xs={24} sm={8}>
              <Form.Item
                name="programId"
                label={t('cardPlan.fields.programId')}
                rules={[{ required: true, message: t('cardPlan.program.required') }]}
              >
                <Select options={programOptions} placeholder={t('cardPlan.program.placeholder')} showSearch optionFilterProp="label" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item
                name="sessions"
                label={t('cardPlan.fields.sessions')}
                rules={[{ required: true, message: t('cardPlan.sessions.required') }]}
              >
                <InputNumber min={1} max={MAX_PACKAGE_SESSIONS} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item
                name="validDays"
                label={t('cardPlan.fields.validDays')}
                rules={[{ required: true, message: t('cardPlan.validDays.required') }]}
              >
                <InputNumber min={1} max={MAX_PACKAGE_VALID_DAYS} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={12} sm={8}>
          <Form.Item name="status" label={t('cardPlan.fields.status')} rules={[zodRule(S.status)]}>
            <Select options={statusOptions} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="note" label={t('cardPlan.fields.note')} rules={[zodRule(S.note)]}>
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
