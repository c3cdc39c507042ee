import { useSyncExternalStore } from 'react';
import { onRoleSwitched } from '../components/account/roleSwitchEvents';
import { createStore } from './createStore';
import { subscribeUser } from './currentUser';

/** No order is open at the checkstand. */
export const NO_ORDER = 0;

/**
 * Kept in this browser tab's sessionStorage: a reload returns to the order in progress, while a
 * second window at the counter starts its own.
 */
export const ORDER_KEY = 'checkstand-order';

function readStored(): number {
  const n = Number(sessionStorage.getItem(ORDER_KEY));
  return Number.isSafeInteger(n) && n > 0 ? n : NO_ORDER;
}

/** The id of the order the checkstand works on. */
const store = createStore<number>(readStored());

export const getCurrentOrderId = store.get;
export function setCurrentOrderId(id: number): void {
  if (id === NO_ORDER) sessionStorage.removeItem(ORDER_KEY);
  else sessionStorage.setItem(ORDER_KEY, String(id));
  store.set(id);
}
export const resetCurrentOrderId = () => setCurrentOrderId(NO_ORDER);
export const subscribeCurrentOrderId = store.subscribe;

export function useCurrentOrderId(): number {
  return useSyncExternalStore(subscribeCurrentOrderId, getCurrentOrderId);
}

// An order belongs to the shop of the account's role: a logout or a role switch leaves it.
subscribeUser((user) => {
  if (!user) resetCurrentOrderId();
});
onRoleSwitched(() => resetCurrentOrderId());
