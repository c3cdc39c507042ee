import type { ReactNode } from 'react';
import type { FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type ResourceName } from '../../../contract/resources';
import { FormModal } from '../crud';
import { ListPage, type ListPageProps, type ListSearch, type RowOf } from './ListPage';
import { useResourceModalForm } from './useResourceModalForm';

export interface ResourceForm<Input> {
  width: number;
  /** What a new row starts with (the create schema's defaults), shown in the create form. */
  initialValues?: Partial<Input>;
  render: (formProps: FormProps<Input>, editing: boolean) => ReactNode;
}

/**
 * A list page whose rows are created and edited in refine modal forms (`<labels>.create` /
 * `<labels>.edit`), each opening with a fresh form. A page is its columns, its filters and its form.
 */
export function ResourceListPage<N extends ResourceName, Search extends ListSearch, Input extends object>({
  form,
  children,
  ...list
}: Omit<ListPageProps<N, Search>, 'onCreate' | 'onEdit'> & { form: ResourceForm<Input> }) {
  const { t } = useTranslation();
  const { labels } = RESOURCES[list.resource];
  const create = useResourceModalForm<RowOf<N>, Input>(list.resource, 'create');
  const edit = useResourceModalForm<RowOf<N>, Input>(list.resource, 'edit');
  return (
    <ListPage<N, Search> {...list} onCreate={() => create.show()} onEdit={(row) => edit.show(row.id)}>
      <FormModal title={t(`${labels}.create`)} modal={create} width={form.width} initialValues={form.initialValues}>
        {(formProps) => form.render(formProps, false)}
      </FormModal>
      <FormModal title={t(`${labels}.edit`)} modal={edit} width={form.width}>
        {(formProps) => form.render(formProps, true)}
      </FormModal>
      {children}
    </ListPage>
  );
}
