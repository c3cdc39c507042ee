import { Button, Form, Image, Select, Space, Typography } from 'antd';
import { useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import {
  PROGRAM_STATUSES,
  PROGRAM_TYPES,
  type Program,
  type ProgramInput,
  type ProgramStatus,
  type ProgramType,
} from '../../../contract/program';
import { formatFen } from '../../components/money';
import { imageSrc } from '../../components/upload';
import { optionKey, useOptions } from '../../components/crud';
import { Allowed, ResourceListPage, type ListSearch } from '../../components/listPage';
import ProgramForm from './ProgramForm';
import { PROGRAM_STATUS_TONES, StatusTag } from '../../components/statusTag';

interface ProgramSearch extends ListSearch {
  type?: ProgramType;
  status?: ProgramStatus;
}

/** What a new program starts with (the create schema's defaults); touchUpDays follows the type. */
const NEW_PROGRAM: Partial<ProgramInput> = { status: 'on', durationMinutes: 60, detailImages: [], details: [] };

/** /operation/program (admin): the service menu with prices, touch-up windows and shelf status. */
export default function ProgramListPage() {
  const { t } = useTranslation();
  const typeOptions = useOptions('program', 'type', PROGRAM_TYPES);
  const statusOptions = useOptions('program', 'status', PROGRAM_STATUSES);
  const { mutate: update } = useUpdate<Program>();

  const setShelf = (program: Program, status: ProgramStatus) =>
    update({
      resource: 'programs',
      id: program.id,
      values: { status },
      successNotification: () => ({
        type: 'success',
        message: t(status === 'on' ? 'program.shelvedOn' : 'program.shelvedOff', { name: program.name }),
      }),
    });

  return (
    <ResourceListPage<'programs', ProgramSearch, ProgramInput>
      resource="programs"
      initialSort={{ field: 'createdAt', order: 'desc' }}
      filters={
        <>
          <Form.Item name="type">
            <Select
              placeholder={t('program.filter.type')}
              aria-label={t('common.filterBy', { what: t('program.fields.type') })}
              options={typeOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder={t('program.filter.status')}
              aria-label={t('common.filterBy', { what: t('program.fields.status') })}
              options={statusOptions}
              allowClear
              style={{ width: 140 }}
            />
          </Form.Item>
        </>
      }
      toFilters={({ type, status }) => [
        { field: 'type', operator: 'eq', value: type },
        { field: 'status', operator: 'eq', value: status },
      ]}
      // Fits 1280 px windows: nothing sits hidden under the fixed 操作 column.
      scrollX={960}
      actionsWidth={150}
      columns={[
        {
          field: 'mainImage',
          width: 80,
          render: (url: string, program: Program) =>
            url ? (
              <Image src={imageSrc(url)} alt={program.name} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} />
            ) : (
              <Typography.Text type="secondary">{t('program.noImage')}</Typography.Text>
            ),
        },
        {
          field: 'name',
          width: 150,
          sortable: true,
          render: (name: string, p) => (
            <Space size={4}>
              <Typography.Text type={p.status === 'off' ? 'secondary' : undefined}>{name}</Typography.Text>
              {p.tag && <StatusTag tone="info">{p.tag}</StatusTag>}
            </Space>
          ),
        },
        { field: 'type', sortable: true, width: 80, render: (type: ProgramType) => t(optionKey('program', 'type', type)) },
        { field: 'priceFen', sortable: true, align: 'right', width: 95, render: (fen: number) => formatFen(fen) },
        { field: 'vipPriceFen', sortable: true, align: 'right', width: 95, render: (fen: number) => formatFen(fen) },
        // Short titles (units in the cells): the field labels wrapped the header to three lines on a phone.
        {
          field: 'durationMinutes',
          titleKey: 'program.column.duration',
          sortable: true,
          align: 'right',
          width: 85,
          render: (n: number) => t('program.minutes', { count: n }),
        },
        {
          field: 'touchUpDays',
          titleKey: 'program.column.touchUpDays',
          sortable: true,
          align: 'right',
          width: 95,
          render: (n: number) => t('program.days', { count: n }),
        },
        {
          field: 'status',
          titleKey: 'program.column.status',
          sortable: true,
          width: 80,
          render: (status: ProgramStatus) => (
            <StatusTag tone={PROGRAM_STATUS_TONES[status]}>{t(optionKey('program', 'status', status))}</StatusTag>
          ),
        },
      ]}
      rowActions={(program, { edit, remove }) => (
        <>
          {edit}
          <Allowed action="edit">
            <Button type="link" size="small" onClick={() => setShelf(program, program.status === 'on' ? 'off' : 'on')}>
              {t(program.status === 'on' ? 'program.shelfOff' : 'program.shelfOn')}
            </Button>
          </Allowed>
          {remove}
        </>
      )}
      form={{ width: 800, initialValues: NEW_PROGRAM, render: (formProps) => <ProgramForm formProps={formProps} /> }}
    />
  );
}
