export { ListPage, type ListColumn, type ListQuery, type ListSearch, type RowOf } from './ListPage';
export { ResourceListPage, type ResourceForm } from './ResourceListPage';
export { useResourceModalForm } from './useResourceModalForm';
export { Allowed } from './access';
