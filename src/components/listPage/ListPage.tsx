import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Card, Form, Grid, Input, Space, Table, type GetRef } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TableRowSelection } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { stringifyTableParams, type BaseRecord, type CrudFilter, type CrudFilters, type CrudSort, type HttpError } from '@refinedev/core';
import { getDefaultFilter, getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { RESOURCES, type ResourceName } from '../../../contract/resources';
import { ROUTES } from '../../../contract/routes';
import { DeleteAction, SearchButtons } from '../crud';
import { Allowed, ListAccessProvider, useListAccess } from './access';
import { useDeleteBlocks } from './useDeleteBlocks';

const NOTHING: ReadonlySet<string> = new Set();

type DescriptorOf<N extends ResourceName> = (typeof RESOURCES)[N];
/** A row of a resource, as its descriptor's row schema says. */
export type RowOf<N extends ResourceName> = z.infer<DescriptorOf<N>['schemas']['row']> & BaseRecord;
/** The fields the server sorts a resource's list on. */
type SortKeyOf<N extends ResourceName> = DescriptorOf<N>['sortable'][number];

/**
 * A column of the list: the field it shows, headed by the field's label (`<labels>.fields.<field>`)
 * unless `titleKey` names another text. Only a field the server sorts on may be `sortable`.
 */
type ListColumn<N extends ResourceName> = Omit<ColumnType<RowOf<N>>, 'key' | 'dataIndex' | 'title' | 'sorter' | 'defaultSortOrder'> & {
  titleKey?: string;
} & ({ field: keyof RowOf<N> & string; sortable?: false } | { field: SortKeyOf<N> & keyof RowOf<N> & string; sortable: true });

/** The filter form's values: the search box (q) and the page's own filters. */
export interface ListSearch {
  q?: string;
}

/** What the list currently shows: its filters (the search box's q among them) and its order. */
export interface ListQuery {
  filters: CrudFilters;
  sorters: CrudSort[];
}

export interface ListPageProps<N extends ResourceName, Search extends ListSearch> {
  resource: N;
  /** The card's title, when the page is not the route that lists the resource (a second list of it). */
  titleKey?: string;
  /** The order when the URL names none. */
  initialSort: { field: SortKeyOf<N>; order: 'asc' | 'desc' };
  columns: ListColumn<N>[];
  /** Filter form items shown after the search box. */
  filters?: ReactNode;
  /** The filters those items send; the search box's q is the page's. Each search states them all. */
  toFilters?: (values: Search) => CrudFilters;
  /** Filters the form shows again from the URL (a reload or a shared link), besides q. */
  restoredFilters?: readonly (keyof Search & string)[];
  /** Form values made of several filters (a period of from and to), shown again from the URL. */
  restoreSearch?: (filters: CrudFilters) => Partial<Search>;
  /** The filters of a first visit, when the URL names none (this month, the pending records). */
  initialFilters?: CrudFilter[];
  searchWidth?: number;
  scrollX: number;
  actionsWidth?: number;
  /** Without it the page has no create button; without onEdit no row has an edit button. */
  onCreate?: () => void;
  onEdit?: (row: RowOf<N>) => void;
  /** Buttons in the card's header beside create (an export of what is listed). */
  extra?: (query: ListQuery) => ReactNode;
  /** What stands between the filters and the table (the sums of what is listed). */
  header?: (query: ListQuery) => ReactNode;
  /** Rows picked for an action on many. */
  rowSelection?: TableRowSelection<RowOf<N>>;
  /**
   * The row's actions; by default edit and delete, each shown only to roles that may use it. Actions
   * of the page's own (the resource's calls, such as "disable") go in <Allowed action> and are named
   * in `ownActions`, so the page asks for them with the others.
   */
  rowActions?: (row: RowOf<N>, standard: { edit: ReactNode; remove: ReactNode }) => ReactNode;
  ownActions?: readonly string[];
  /**
   * On a phone (below 768 px), each row as a card: every column's title beside its value and the
   * actions below, instead of a table too wide to read beside its pinned columns.
   */
  cardsOnPhone?: boolean;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * Filters a link names plainly (/finance/review?shopId=1&from=…&to=…, as the ranking's drill-down
 * writes them) when the URL holds none in the list's own form: the list's filters by those names.
 */
function plainFilters(search: string, names: readonly string[]): CrudFilter[] | null {
  const params = new URLSearchParams(search);
  if ([...params.keys()].some((k) => k.startsWith('filters'))) return null;
  const named = names.filter((name) => params.get(name));
  return named.length ? named.map((field) => ({ field, operator: 'eq', value: params.get(field)! })) : null;
}

/**
 * A filter's value as the search form holds it: the URL carries text, an id filter's Select numbers.
 */
function formValue(resource: ResourceName, field: string, value: unknown): unknown {
  const kind = (RESOURCES[resource].filters as Record<string, { kind: string } | undefined>)[field]?.kind;
  return kind === 'int' && typeof value === 'string' && value !== '' ? Number(value) : value;
}

/**
 * A list page. A link with plain filters (?shopId=1&from=…) lands on the list filtered by them, in
 * place of its first-visit filters; the URL is rewritten to the list's own form, which keeps every
 * later change (and a reload or a shared link shows them again).
 */
export function ListPage<N extends ResourceName, Search extends ListSearch>(props: ListPageProps<N, Search>) {
  const { pathname, search, hash } = useLocation();
  const plain = plainFilters(search, Object.keys(RESOURCES[props.resource].filters));
  if (plain) {
    const query = stringifyTableParams({ sorters: [props.initialSort], filters: plain });
    return <Navigate replace to={`${pathname}?${query}${hash}`} />;
  }
  return <ListTable {...props} />;
}

/**
 * The skeleton of every list page: a card with the page's title and a create button, a filter form
 * with the search box, a server-paged and -sorted table whose filters, sort and page live in the URL
 * (syncWithLocation), and row actions with delete behind "确定是否删除?". Buttons follow the access
 * rules of the resource (providers/accessControlProvider.ts): a role that may not write sees none.
 */
function ListTable<N extends ResourceName, Search extends ListSearch>({
  resource,
  titleKey,
  initialSort,
  columns,
  filters: filterItems,
  toFilters,
  restoredFilters = [],
  restoreSearch,
  initialFilters,
  searchWidth = 240,
  scrollX,
  actionsWidth,
  onCreate,
  onEdit,
  extra,
  header,
  rowSelection,
  rowActions = (_, { edit, remove }) => (
    <>
      {edit}
      {remove}
    </>
  ),
  ownActions = [],
  cardsOnPhone = false,
  children,
}: ListPageProps<N, Search>) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const asCards = cardsOnPhone && screens.md === false;
  const { labels } = RESOURCES[resource];
  const title = titleKey ?? ROUTES.find((r) => r.resource === resource)?.titleKey;
  const access = useListAccess(resource, ['create', 'edit', 'delete', ...ownActions]);

  const { tableProps, searchFormProps, sorters, filters } = useTable<RowOf<N>, HttpError, Search>({
    resource,
    syncWithLocation: true,
    sorters: { initial: [initialSort] },
    // Each search states every filter, so an emptied field drops its filter.
    filters: { defaultBehavior: 'replace', initial: initialFilters },
    onSearch: (values): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: values.q?.trim() || undefined },
      ...(toFilters?.(values) ?? []),
    ],
  });

  const ids = (tableProps.dataSource ?? []).map((row) => row.id as number);
  const { blocks, pending: blocksPending } = useDeleteBlocks(
    resource,
    ids,
    Boolean(RESOURCES[resource].deleteBlocks && access.data?.has('delete')),
  );

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
          edit: onEdit && (
            <Allowed action="edit">
              <Button type="link" size="small" onClick={() => onEdit(row)}>
                {t('common.edit')}
              </Button>
            </Allowed>
          ),
          remove: (
            <Allowed action="delete">
              <DeleteAction
                resource={resource}
                id={row.id as number}
                name={typeof row.name === 'string' ? row.name : undefined}
                deletedMessage={t(`${labels}.deleted`, { name: row.name })}
                blockedReason={blocks.get(row.id as number)}
                // Until the page's delete blocks are known, no delete is offered that might be refused.
                waiting={blocksPending}
              />
            </Allowed>
          ),
        })}
      </Space>
    ),
  });

  const shownColumns = asCards ? [cardColumn(tableColumns)] : tableColumns;
  const query: ListQuery = { filters, sorters };
  // The filters live in the URL: a reload or a shared link shows them again.
  const restored = {
    ...Object.fromEntries(
      ['q', ...restoredFilters].map((field) => [field, formValue(resource, field, getDefaultFilter(field, filters, 'eq'))]),
    ),
    ...restoreSearch?.(filters),
  };
  const form = searchFormProps.form;
  // Once, after useTable has put the URL's raw texts into the form: the values as the fields hold them.
  type FieldValues = Parameters<NonNullable<typeof form>['setFieldsValue']>[0];
  useEffect(() => form?.setFieldsValue(restored as FieldValues), [form]); // eslint-disable-line react-hooks/exhaustive-deps
  const table = useRef<GetRef<typeof Table>>(null);
  // antd's hidden row that measures the columns copies their titles, the select-all checkbox among them:
  // a focusable box no one sees. inert takes it out of the tab order; rc-table offers no prop for it.
  useEffect(() => {
    table.current?.nativeElement.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((measureRow) => (measureRow.inert = true));
  });

  return (
    <ListAccessProvider value={access.data ?? NOTHING}>
      <Card
        title={title && t(title)}
        extra={
          <Space>
            {extra?.(query)}
            {onCreate && (
              <Allowed action="create">
                <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                  {t(`${labels}.create`)}
                </Button>
              </Allowed>
            )}
          </Space>
        }
      >
        <Form<Search> {...searchFormProps} layout="inline" style={{ rowGap: 12, marginBottom: 16 }} initialValues={restored}>
          <Form.Item name="q">
            <Input.Search
              placeholder={t(`${labels}.search.placeholder`)}
              allowClear
              maxLength={50}
              onSearch={() => searchFormProps.form?.submit()}
              style={{ width: searchWidth }}
            />
          </Form.Item>
          {filterItems}
          <SearchButtons form={searchFormProps.form} />
        </Form>

        {header?.(query)}
        <Table<RowOf<N>>
          {...tableProps}
          ref={table}
          rowSelection={rowSelection}
          // Rows wait for the access answers, so their buttons are right from the start.
          dataSource={access.data && tableProps.dataSource}
          loading={tableProps.loading || access.isPending}
          rowKey="id"
          scroll={asCards ? undefined : { x: scrollX }}
          showHeader={!asCards}
          columns={shownColumns}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
        />
        {children}
      </Card>
    </ListAccessProvider>
  );
}

const CARD_FIELDS = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 } as const;

/** One column showing the whole row as a card: each column's title and value, the actions (the last column) below. */
function cardColumn<Row extends BaseRecord>(columns: ColumnType<Row>[]): ColumnType<Row> {
  // The columns a page shows only on wide screens stay out of the card too.
  const fields = columns.slice(0, -1).filter((c) => !c.responsive);
  const actions = columns[columns.length - 1];
  const cell = (c: ColumnType<Row>, row: Row, index: number) => {
    const value = row[c.dataIndex as string];
    return (c.render ? c.render(value, row, index) : value) as ReactNode;
  };
  return {
    key: 'card',
    render: (_, row, index) => (
      <div data-testid="list-card">
        <dl style={CARD_FIELDS}>
          {fields.map((c) => (
            <div key={String(c.key)} style={{ display: 'contents' }}>
              <dt style={{ color: 'var(--app-text-secondary)' }}>{c.title as ReactNode}</dt>
              <dd style={{ margin: 0, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{cell(c, row, index)}</dd>
            </div>
          ))}
        </dl>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 8 }}>{cell(actions, row, index)}</div>
      </div>
    ),
  };
}
