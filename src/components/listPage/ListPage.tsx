import type { ReactNode } from 'react';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import type { BaseRecord, CrudFilter, CrudFilters, HttpError } from '@refinedev/core';
import { getDefaultFilter, getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RESOURCES, type ResourceName } from '../../../contract/resources';
import { ROUTES } from '../../../contract/routes';
import { DeleteAction, SearchButtons } from '../crud';
import { Allowed, ListAccessProvider, useListAccess } from './access';

const NOTHING: ReadonlySet<string> = new Set();

type DescriptorOf<N extends ResourceName> = (typeof RESOURCES)[N];
/** A row of a resource, as its descriptor's row schema says. */
export type RowOf<N extends ResourceName> = z.infer<DescriptorOf<N>['schemas']['row']> & BaseRecord;
/** The fields the server sorts a resource's list on. */
export type SortKeyOf<N extends ResourceName> = DescriptorOf<N>['sortable'][number];

/**
 * A column of the list: the field it shows, headed by the field's label (`<labels>.fields.<field>`)
 * unless `titleKey` names another text. Only a field the server sorts on may be `sortable`.
 */
export type ListColumn<N extends ResourceName> = Omit<ColumnType<RowOf<N>>, 'key' | 'dataIndex' | 'title' | 'sorter' | 'defaultSortOrder'> & {
  titleKey?: string;
} & ({ field: keyof RowOf<N> & string; sortable?: false } | { field: SortKeyOf<N> & keyof RowOf<N> & string; sortable: true });

/** The filter form's values: the search box (q) and the page's own filters. */
export interface ListSearch {
  q?: string;
}

export interface ListPageProps<N extends ResourceName, Search extends ListSearch> {
  resource: N;
  /** The order when the URL names none. */
  initialSort: { field: SortKeyOf<N>; order: 'asc' | 'desc' };
  columns: ListColumn<N>[];
  /** Filter form items shown after the search box. */
  filters?: ReactNode;
  /** The filters those items send; the search box's q is the page's. Each search states them all. */
  toFilters?: (values: Search) => CrudFilters;
  /** Filters the form shows again from the URL (a reload or a shared link), besides q. */
  restoredFilters?: readonly (keyof Search & string)[];
  searchWidth?: number;
  scrollX: number;
  actionsWidth?: number;
  onCreate: () => void;
  onEdit: (row: RowOf<N>) => void;
  /**
   * The row's actions; by default edit and delete, each shown only to roles that may use it. Actions
   * of the page's own (the resource's calls, such as "disable") go in <Allowed action> and are named
   * in `ownActions`, so the page asks for them with the others.
   */
  rowActions?: (row: RowOf<N>, standard: { edit: ReactNode; remove: ReactNode }) => ReactNode;
  ownActions?: readonly string[];
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * The skeleton of every list page: a card with the page's title and a create button, a filter form
 * with the search box, a server-paged and -sorted table whose filters, sort and page live in the URL
 * (syncWithLocation), and row actions with delete behind "确定是否删除?". Buttons follow the access
 * rules of the resource (providers/accessControlProvider.ts): a role that may not write sees none.
 */
export function ListPage<N extends ResourceName, Search extends ListSearch>({
  resource,
  initialSort,
  columns,
  filters: filterItems,
  toFilters,
  restoredFilters = [],
  searchWidth = 240,
  scrollX,
  actionsWidth,
  onCreate,
  onEdit,
  rowActions = (_, { edit, remove }) => (
    <>
      {edit}
      {remove}
    </>
  ),
  ownActions = [],
  children,
}: ListPageProps<N, Search>) {
  const { t } = useTranslation();
  const { labels } = RESOURCES[resource];
  const route = ROUTES.find((r) => r.resource === resource);
  const access = useListAccess(resource, ['create', 'edit', 'delete', ...ownActions]);

  const { tableProps, searchFormProps, sorters, filters } = useTable<RowOf<N>, HttpError, Search>({
    resource,
    syncWithLocation: true,
    sorters: { initial: [initialSort] },
    // Each search states every filter, so an emptied field drops its filter.
    filters: { defaultBehavior: 'replace' },
    onSearch: (values): CrudFilter[] => [{ field: 'q', operator: 'eq', value: values.q?.trim() || undefined }, ...(toFilters?.(values) ?? [])],
  });

  const tableColumns: ColumnType<RowOf<N>>[] = columns.map(({ field, titleKey, sortable, ...column }) => ({
    ...column,
    key: field,
    dataIndex: field,
    title: t(titleKey ?? `${labels}.fields.${field}`),
    sorter: sortable,
    defaultSortOrder: sortable ? getDefaultSortOrder(field, sorters) : undefined,
  }));
  tableColumns.push({
    key: 'actions',
    title: t('common.actions'),
    fixed: 'right',
    width: actionsWidth,
    render: (_, row) => (
      <Space size={0}>
        {rowActions(row, {
          edit: (
            <Allowed action="edit">
              <Button type="link" size="small" onClick={() => onEdit(row)}>
                {t('common.edit')}
              </Button>
            </Allowed>
          ),
          remove: (
            <Allowed action="delete">
              <DeleteAction resource={resource} id={row.id as number} name={typeof row.name === 'string' ? row.name : undefined} deletedMessage={t(`${labels}.deleted`, { name: row.name })} />
            </Allowed>
          ),
        })}
      </Space>
    ),
  });

  return (
    <ListAccessProvider value={access.data ?? NOTHING}>
      <Card
        title={route && t(route.titleKey)}
        extra={
          <Allowed action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {t(`${labels}.create`)}
            </Button>
          </Allowed>
        }
      >
        <Form<Search>
          {...searchFormProps}
          layout="inline"
          style={{ rowGap: 12, marginBottom: 16 }}
          // The filters live in the URL: a reload or a shared link shows them again.
          initialValues={Object.fromEntries(['q', ...restoredFilters].map((field) => [field, getDefaultFilter(field, filters, 'eq')]))}
        >
          <Form.Item name="q">
            <Input.Search placeholder={t(`${labels}.search.placeholder`)} allowClear maxLength={50} onSearch={() => searchFormProps.form?.submit()} style={{ width: searchWidth }} />
          </Form.Item>
          {filterItems}
          <SearchButtons form={searchFormProps.form} />
        </Form>

        <Table<RowOf<N>>
          {...tableProps}
          // Rows wait for the access answers, so their buttons are right from the start.
          dataSource={access.data && tableProps.dataSource}
          loading={tableProps.loading || access.isPending}
          rowKey="id"
          scroll={{ x: scrollX }}
          columns={tableColumns}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
        />
        {children}
      </Card>
    </ListAccessProvider>
  );
}
