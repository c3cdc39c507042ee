import { useSyncExternalStore } from 'react';
import { onRoleSwitched } from '../components/account/roleSwitchEvents';
import { createStore } from './createStore';
import { subscribeUser } from './currentUser';

/** No order is open at the checkstand. */
export const NO_ORDER = 0;

/** The id of the order the checkstand works on. */
const store = createStore<number>(NO_ORDER);

export const getCurrentOrderId = store.get;
export const setCurrentOrderId = (id: number) => store.set(id);
export const resetCurrentOrderId = () => store.set(NO_ORDER);
export const subscribeCurrentOrderId = store.subscribe;

export function useCurrentOrderId(): number {
  return useSyncExternalStore(subscribeCurrentOrderId, getCurrentOrderId);
}

// An order belongs to the shop of the account's role: a logout or a role switch leaves it.
subscribeUser((user) => {
  if (!user) resetCurrentOrderId();
});
onRoleSwitched(() => resetCurrentOrderId());
