import { createContext, useContext, type ReactNode } from 'react';
import { useCanWithoutCache } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';

/**
 * The answers of refine's access control (providers/accessControlProvider.ts) for the actions a list
 * page shows, asked once per page rather than per row: the rows wait for them, so a row appears
 * with exactly the buttons its role may use, never with buttons that vanish a moment later.
 */
export function useListAccess(resource: string, actions: readonly string[]) {
  const { can } = useCanWithoutCache();
  return useQuery({
    queryKey: ['list-access', resource, ...actions],
    queryFn: async (): Promise<ReadonlySet<string>> => {
      const answers = await Promise.all(actions.map(async (action) => ((await can?.({ resource, action }))?.can ? [action] : [])));
      return new Set(answers.flat());
    },
  });
}

const ListAccess = createContext<ReadonlySet<string>>(new Set());
export const ListAccessProvider = ListAccess.Provider;

/** Shows its children only if the page's role may take this action on the page's resource. */
export function Allowed({ action, children }: { action: string; children: ReactNode }) {
  return useContext(ListAccess).has(action) ? children : null;
}
