import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API } from '../../../contract/api';
import type { DeleteBlock } from '../../../contract/deleteBlock';
import type { ResourceName } from '../../../contract/resources';
import { api } from '../../providers/http';

const NONE: ReadonlyMap<number, string> = new Map();

/**
 * Why history keeps rows of the page from being deleted, by id, in the server's words: asked once for
 * the page's ids, so the delete button can say it before anyone clicks. Nothing while not `enabled`;
 * `pending` while the answer for these ids is on its way.
 */
export function useDeleteBlocks(
  resource: ResourceName,
  ids: number[],
  enabled: boolean,
): { blocks: ReadonlyMap<number, string>; pending: boolean } {
  const list = ids.join(',');
  const asked = enabled && ids.length > 0;
  const { data, isPending } = useQuery({
    queryKey: ['delete-blocks', resource, list],
    queryFn: () => api.get<DeleteBlock[]>(`${API.resourceBase}/${resource}/delete-blocks?ids=${list}`),
    enabled: asked,
  });
  const blocks = useMemo(() => (data ? new Map(data.map((b) => [b.id, b.reason])) : NONE), [data]);
  return { blocks, pending: asked && isPending };
}
