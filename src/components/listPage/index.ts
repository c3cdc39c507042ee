export { ListPage, type ListQuery, type ListSearch } from './ListPage';
export { ResourceListPage, type ResourceForm } from './ResourceListPage';
export { useResourceModalForm } from './useResourceModalForm';
export { Allowed } from './access';
