import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../contract/auth';
import { createStore } from './createStore';

/** The logged-in account; kept in memory only, so a reload fetches user/info again (role unknown). */
const store = createStore<UserInfo | undefined>(undefined);

export const getUser = store.get;
export const setUser = (user: UserInfo) => store.set(user);
export const clearUser = () => store.set(undefined);
export const subscribeUser = store.subscribe;

/** The logged-in account; undefined while the role is unknown. */
export function useCurrentUser(): UserInfo | undefined {
  return useSyncExternalStore(subscribeUser, getUser);
}
