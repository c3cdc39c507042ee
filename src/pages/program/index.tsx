import { Button, Card, Form, Image, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useUpdate, type CrudFilters, type HttpError } from '@refinedev/core';
import { getDefaultSortOrder, useModalForm, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { PROGRAM_FIELD_LABELS as L, PROGRAM_STATUS_LABELS, PROGRAM_TYPE_LABELS, type Program, type ProgramInput, type ProgramStatus, type ProgramType } from '../../../contract/program';
import { formatFen } from '../../components/money';
import { imageSrc } from '../../components/upload';
import { DeleteAction, FormModal, SearchButtons } from '../../components/crud';
import ProgramForm, { PROGRAM_STATUS_OPTIONS, PROGRAM_TYPE_OPTIONS } from './ProgramForm';

interface ProgramSearch {
  q?: string;
  type?: ProgramType;
  status?: ProgramStatus;
}

const RESOURCE = 'programs';
/** What a new program starts with (the create schema's defaults); touchUpDays follows the type. */
const NEW_PROGRAM: Partial<ProgramInput> = { status: 'on', durationMinutes: 60, detailImages: [], details: [] };

/** /operation/program (admin): the service menu with prices, touch-up windows and shelf status. */
export default function ProgramListPage() {
  const { t } = useTranslation();

  const { tableProps, searchFormProps, sorters } = useTable<Program, HttpError, ProgramSearch>({
    resource: RESOURCE,
    syncWithLocation: true,
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { defaultBehavior: 'replace' },
    onSearch: ({ q, type, status }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q?.trim() || undefined },
      { field: 'type', operator: 'eq', value: type },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  const create = useModalForm<Program, HttpError, ProgramInput>({
    resource: RESOURCE,
    action: 'create',
    successNotification: (data) => ({ type: 'success', message: t('program.created', { name: data?.data.name }) }),
  });
  const edit = useModalForm<Program, HttpError, ProgramInput>({
    resource: RESOURCE,
    action: 'edit',
    successNotification: (data) => ({ type: 'success', message: t('program.updated', { name: data?.data.name }) }),
  });
  const { mutate: update } = useUpdate<Program>();

  const setShelf = (program: Program, status: ProgramStatus) =>
    update({
      resource: RESOURCE,
      id: program.id,
      values: { status },
      successNotification: () => ({ type: 'success', message: t(status === 'on' ? 'program.shelvedOn' : 'program.shelvedOff', { name: program.name }) }),
    });

  const sortOrder = (field: keyof Program) => getDefaultSortOrder(field, sorters);

  return (
    <Card
      title={t('menu.operation.program')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => create.show()}>
          {t('program.create')}
        </Button>
      }
    >
      <Form<ProgramSearch> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search placeholder={t('program.search.placeholder')} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="type">
          <Select placeholder={t('program.filter.type')} options={PROGRAM_TYPE_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder={t('program.filter.status')} options={PROGRAM_STATUS_OPTIONS} allowClear style={{ width: 140 }} />
        </Form.Item>
        <SearchButtons form={searchFormProps.form} />
      </Form>

      <Table<Program>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1070 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      >
        <Table.Column<Program>
          dataIndex="mainImage"
          title={L.mainImage}
          width={80}
          render={(url: string) => (url ? <Image src={imageSrc(url)} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <Typography.Text type="secondary">{t('program.noImage')}</Typography.Text>)}
        />
        <Table.Column<Program>
          dataIndex="name"
          title={L.name}
          width={190}
          sorter
          defaultSortOrder={sortOrder('name')}
          render={(name: string, p) => (
            <Space size={4}>
              <Typography.Text type={p.status === 'off' ? 'secondary' : undefined}>{name}</Typography.Text>
              {p.tag && <Tag color="blue">{p.tag}</Tag>}
            </Space>
          )}
        />
        <Table.Column<Program> dataIndex="type" title={L.type} sorter defaultSortOrder={sortOrder('type')} width={80} render={(type: ProgramType) => PROGRAM_TYPE_LABELS[type]} />
        <Table.Column<Program> dataIndex="priceFen" title={L.priceFen} sorter defaultSortOrder={sortOrder('priceFen')} align="right" width={110} render={(fen: number) => formatFen(fen)} />
        <Table.Column<Program> dataIndex="vipPriceFen" title={L.vipPriceFen} sorter defaultSortOrder={sortOrder('vipPriceFen')} align="right" width={110} render={(fen: number) => formatFen(fen)} />
        <Table.Column<Program>
          dataIndex="durationMinutes"
          title={L.durationMinutes}
          sorter
          defaultSortOrder={sortOrder('durationMinutes')}
          align="right"
          width={100}
        />
        <Table.Column<Program> dataIndex="touchUpDays" title={L.touchUpDays} sorter defaultSortOrder={sortOrder('touchUpDays')} align="right" width={110} />
        <Table.Column<Program>
          dataIndex="status"
          title={L.status}
          sorter
          defaultSortOrder={sortOrder('status')}
          width={100}
          render={(status: ProgramStatus) => <Tag color={status === 'on' ? 'green' : 'default'}>{PROGRAM_STATUS_LABELS[status]}</Tag>}
        />
        <Table.Column<Program>
          key="actions"
          title={t('common.actions')}
          fixed="right"
          width={160}
          render={(_, program) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => edit.show(program.id)}>
                {t('common.edit')}
              </Button>
              <Button type="link" size="small" onClick={() => setShelf(program, program.status === 'on' ? 'off' : 'on')}>
                {t(program.status === 'on' ? 'program.shelfOff' : 'program.shelfOn')}
              </Button>
              <DeleteAction resource={RESOURCE} id={program.id} deletedMessage={t('program.deleted', { name: program.name })} />
            </Space>
          )}
        />
      </Table>

      <FormModal title={t('program.create')} modal={create} width={800} initialValues={NEW_PROGRAM}>
        {(formProps) => <ProgramForm formProps={formProps} />}
      </FormModal>
      <FormModal title={t('program.edit')} modal={edit} width={800}>
        {(formProps) => <ProgramForm formProps={formProps} />}
      </FormModal>
    </Card>
  );
}
