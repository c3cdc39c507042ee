import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../contract/auth';
import { getUser, subscribeUser } from '../providers/session';

/** The logged-in account from the session store; undefined while the role is unknown. */
export function useCurrentUser(): UserInfo | undefined {
  return useSyncExternalStore(subscribeUser, getUser);
}
