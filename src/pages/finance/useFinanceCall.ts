import { useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { API } from '../../../contract/api';
import type { ResourceName } from '../../../contract/resources';
import { api } from '../../providers/http';
import { SUMMARY_KEY } from './useListSummary';

/**
 * A finance call (approve, reject, reverse; a hand entry with an empty path): posted, then the lists,
 * rows and sums it changes are read again. Answers the server's data; a refusal rejects after
 * http.ts has shown it.
 */
export function useFinanceCall() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return async <T = unknown>(resource: ResourceName, path: string, body: unknown, done?: (data: T) => string): Promise<T> => {
    const data = await api.post<T>(`${API.resourceBase}/${resource}${path && `/${path}`}`, body);
    // Approving a refund also changes the order, the ledger, the performance records and the day's close.
    await Promise.all([
      ...(['orders', 'after-sales', 'performance-records', 'ledger', 'daily-closes'] as const).map((r) =>
        invalidate({ resource: r, invalidates: ['resourceAll'] }),
      ),
      queryClient.invalidateQueries({ queryKey: [SUMMARY_KEY] }),
    ]);
    if (done) void message.success(done(data));
    return data;
  };
}
