import { useMutation } from '@tanstack/react-query';
import { useInvalidate } from '@refinedev/core';
import type { ApiError } from '../../providers/http';

const ACCOUNTS_RESOURCE = 'accounts';

/** An account call (create, patch, disable, grants...) after which the accounts list is fetched again. */
export function useAccountMutation<V, R>(
  call: (v: V) => Promise<R>,
  handlers: { onSuccess?: (r: R, v: V) => void; onError?: (e: ApiError) => void } = {},
) {
  const invalidate = useInvalidate();
  return useMutation<R, ApiError, V>({
    mutationFn: call,
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    // Also after a failure: a 409 often means another admin changed the account meanwhile.
    onSettled: () => invalidate({ resource: ACCOUNTS_RESOURCE, invalidates: ['list'] }),
  });
}
