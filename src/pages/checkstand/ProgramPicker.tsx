import { useMemo, useState } from 'react';
import { Button, Empty, Input, Segmented, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROGRAM_TYPES, type Program, type ProgramType } from '../../../contract/program';
import { formatFen } from '../../components/money';
import { unitPrice } from './pricing';

type TypeFilter = ProgramType | 0;

/**
 * The shop's on-shelf programs by type (纹眉 / 纹唇 / 美容) and search; a click (or Enter in the
 * search box, for the first match) puts one in the cart. A VIP customer sees the VIP price.
 */
export function ProgramPicker({
  programs,
  loading,
  vip,
  onAdd,
}: {
  programs: readonly Program[];
  loading: boolean;
  vip: boolean;
  onAdd: (p: Program) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>(0);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return programs.filter(
      (p) =>
        p.status === 'on' && (type === 0 || p.type === type) && (!q || p.name.toLowerCase().includes(q) || p.tag.toLowerCase().includes(q)),
    );
  }, [programs, type, search]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<TypeFilter>
        value={type}
        onChange={setType}
        options={[
          { value: 0, label: t('checkstand.program.all') },
          ...PROGRAM_TYPES.map((v) => ({ value: v, label: t(`program.options.type.${v}`) })),
        ]}
      />
      <Input.Search
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('checkstand.program.search')}
        aria-label={t('checkstand.program.search')}
        onSearch={() => shown[0] && onAdd(shown[0])}
      />
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkstand.program.none')} />
      ) : (
        <div className="checkstand-programs">
          {shown.map((p) => (
            <Button key={p.id} className="checkstand-program" onClick={() => onAdd(p)}>
              {/* The name read out starts with what the button does and holds all it shows. */}
              <span className="visually-hidden">{t('checkstand.program.add')} </span>
              <span className="checkstand-program-name">{p.name}</span>
              <Typography.Text type={vip ? 'warning' : 'secondary'} className="checkstand-program-price">
                {formatFen(unitPrice(p, vip))}
                {vip && ` ${t('checkstand.vip')}`}
              </Typography.Text>
            </Button>
          ))}
        </div>
      )}
    </Space>
  );
}
