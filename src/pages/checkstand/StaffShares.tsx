import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_STAFF_SHARES } from '../../../contract/order';
import { FULL_SHARE_BP, evenSharesBp } from '../../../contract/shareSplit';
import type { Staff } from '../../../contract/staff';
import { PercentInput, formatBp } from '../../components/money';
import type { DraftShare } from './draft';

/** New picks share evenly; the cashier may then type each share in percent. */
function withStaff(ids: number[], before: readonly DraftShare[]): DraftShare[] {
  const kept = ids.every((id) => before.some((s) => s.staffId === id)) && ids.length === before.length;
  if (kept) return [...before];
  const even = evenSharesBp(ids.length);
  return ids.map((staffId, i) => ({ staffId, shareBp: even[i] }));
}

/** Who did the work: one or more active staff of the shop, shares in percent adding up to 100. */
export function StaffShares({
  staff,
  value,
  onChange,
}: {
  staff: readonly Staff[];
  value: DraftShare[];
  onChange: (v: DraftShare[]) => void;
}) {
  const { t } = useTranslation();
  const sum = value.reduce((s, x) => s + x.shareBp, 0);
  const nameOf = (id: number) => staff.find((m) => m.id === id)?.name ?? String(id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<number[]>
          mode="multiple"
          style={{ flex: 1, minWidth: 0 }}
          value={value.map((s) => s.staffId)}
          maxCount={MAX_STAFF_SHARES}
          optionFilterProp="label"
          placeholder={t('checkstand.staff.pick')}
          aria-label={t('checkstand.staff.pick')}
          onChange={(ids) => onChange(withStaff(ids, value))}
          options={staff.map((m) => ({ value: m.id, label: m.name }))}
        />
        <Button
          disabled={value.length === 0}
          onClick={() => onChange(value.map((s, i) => ({ ...s, shareBp: evenSharesBp(value.length)[i] })))}
        >
          {t('checkstand.staff.even')}
        </Button>
      </Space.Compact>
      {value.map((s) => (
        <Space key={s.staffId} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text>{nameOf(s.staffId)}</Typography.Text>
          <PercentInput
            size="small"
            style={{ width: 120 }}
            value={s.shareBp}
            aria-label={t('checkstand.staff.shareOf', { name: nameOf(s.staffId) })}
            onChange={(bp) => onChange(value.map((x) => (x.staffId === s.staffId ? { ...x, shareBp: bp ?? 0 } : x)))}
          />
        </Space>
      ))}
      {value.length > 0 && (
        <Typography.Text type={sum === FULL_SHARE_BP ? 'success' : 'danger'} data-testid="share-sum">
          {t('checkstand.staff.sum', { sum: formatBp(sum) })}
        </Typography.Text>
      )}
    </Space>
  );
}
