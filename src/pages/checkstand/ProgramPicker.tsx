import { useMemo, useState } from 'react';
import { Button, Empty, Input, Segmented, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardPlan } from '../../../contract/cardPlan';
import { PROGRAM_TYPES, type Program, type ProgramType } from '../../../contract/program';
import { formatFen } from '../../components/money';
import { unitPrice } from './pricing';

/** 0: every program; CARDS: the card plans (卡项) on sale. */
const CARDS = 'cards';
type TypeFilter = ProgramType | 0 | typeof CARDS;

/** What the picker offers: a program, or a card plan. */
type Offer = { program: Program } | { plan: CardPlan };

/**
 * The shop's on-shelf programs by type (纹眉 / 纹唇 / 美容) and search, and the card plans on sale
 * (卡项); a click (or Enter in the search box, for the first match) puts one in the cart. A VIP
 * customer sees the VIP price of a program; a card is sold at its plan's price to everyone.
 */
export function ProgramPicker({
  programs,
  plans,
  loading,
  vip,
  onAdd,
  onAddPlan,
}: {
  programs: readonly Program[];
  plans: readonly CardPlan[];
  loading: boolean;
  vip: boolean;
  onAdd: (p: Program) => void;
  onAddPlan: (p: CardPlan) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>(0);
  const [search, setSearch] = useState('');
  const shown = useMemo((): Offer[] => {
    const q = search.trim().toLowerCase();
    if (type === CARDS) return plans.filter((p) => p.status === 'on' && (!q || p.name.toLowerCase().includes(q))).map((plan) => ({ plan }));
    return programs
      .filter(
        (p) =>
          p.status === 'on' &&
          (type === 0 || p.type === type) &&
          (!q || p.name.toLowerCase().includes(q) || p.tag.toLowerCase().includes(q)),
      )
      .map((program) => ({ program }));
  }, [programs, plans, type, search]);
  const add = (o: Offer) => ('plan' in o ? onAddPlan(o.plan) : onAdd(o.program));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<TypeFilter>
        value={type}
        onChange={setType}
        options={[
          { value: 0, label: t('checkstand.program.all') },
          ...PROGRAM_TYPES.map((v) => ({ value: v, label: t(`program.options.type.${v}`) })),
          { value: CARDS, label: t('checkstand.program.cards') },
        ]}
      />
      <Input.Search
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('checkstand.program.search')}
        aria-label={t('checkstand.program.search')}
        onSearch={() => shown[0] && add(shown[0])}
      />
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(type === CARDS ? 'checkstand.program.noPlans' : 'checkstand.program.none')}
        />
      ) : (
        <div className="checkstand-programs">
          {shown.map((o) => {
            const { name } = 'plan' in o ? o.plan : o.program;
            return (
              <Button key={'plan' in o ? `plan-${o.plan.id}` : o.program.id} className="checkstand-program" onClick={() => add(o)}>
                {/* The name read out starts with what the button does and holds all it shows. */}
                <span className="visually-hidden">{t('checkstand.program.add')} </span>
                <span className="checkstand-program-name">{name}</span>
                {'plan' in o ? (
                  <Typography.Text type="secondary" className="checkstand-program-price">
                    {formatFen(o.plan.priceFen)}
                    {o.plan.kind === 'stored-value' &&
                      o.plan.bonusFen > 0 &&
                      ` ${t('checkstand.program.bonus', { amount: formatFen(o.plan.bonusFen) })}`}
                    {o.plan.kind === 'package' && ` ${t('checkstand.program.sessions', { count: o.plan.sessions ?? 0 })}`}
                  </Typography.Text>
                ) : (
                  <Typography.Text type={vip ? 'warning' : 'secondary'} className="checkstand-program-price">
                    {formatFen(unitPrice(o.program, vip))}
                    {vip && ` ${t('checkstand.vip')}`}
                  </Typography.Text>
                )}
              </Button>
            );
          })}
        </div>
      )}
    </Space>
  );
}
