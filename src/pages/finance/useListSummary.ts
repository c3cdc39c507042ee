import { useQuery } from '@tanstack/react-query';
import type { CrudFilters } from '@refinedev/core';
import { generateFilter, stringify } from '@refinedev/simple-rest';
import { API } from '../../../contract/api';
import type { ResourceName } from '../../../contract/resources';
import { api } from '../../providers/http';

/** The first part of every sums query's key: a finance call reads them all again. */
export const SUMMARY_KEY = 'finance-summary';

/** GET <resource>/summary with a list's filters: the sums above its table. */
export function useListSummary<T>(resource: ResourceName, filters: CrudFilters) {
  const qs = stringify(generateFilter(filters));
  return useQuery({
    queryKey: [SUMMARY_KEY, resource, qs],
    queryFn: () => api.get<T>(`${API.resourceBase}/${resource}/summary${qs ? `?${qs}` : ''}`),
  });
}
