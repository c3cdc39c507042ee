import { useSyncExternalStore } from 'react';
import type { ServerMenuItem } from '../../contract/access';
// The event module itself, not the account components: this file is part of the login bundle.
import { onRoleSwitched } from '../components/account/roleSwitchEvents';
import { createStore } from './createStore';

/** The menu of /api/user/menu ("menu from server" setting); empty until fetched. */
const store = createStore<ServerMenuItem[]>([]);

export const getServerMenu = store.get;
export const setServerMenu = (items: ServerMenuItem[]) => store.set(items);
export const clearServerMenu = () => store.set([]);
export const subscribeServerMenu = store.subscribe;

export function useServerMenu(): ServerMenuItem[] {
  return useSyncExternalStore(subscribeServerMenu, getServerMenu);
}

// The menu belongs to the role: after a switch it is fetched again (the guard asks when it is empty).
onRoleSwitched(() => clearServerMenu());
