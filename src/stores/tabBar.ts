import { useSyncExternalStore } from 'react';
import { DEFAULT_ROUTE, NOT_FOUND_ROUTE_NAME, findRouteByPath, type RouteDef } from '../../contract/routes';
import { onRoleSwitched } from '../components/account/roleSwitchEvents';
import { createStore } from './createStore';
import { subscribeUser } from './currentUser';

/** One open page of the tab bar. */
export interface TabItem {
  /** i18n key of the page title, translated when shown (the locale may change). */
  title: string;
  /** Route name (contract/routes.ts); the page cache keys on it. */
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
  /** The record a detail page shows (a customer's name), named by the page; shown instead of `title`. */
  label?: string;
}

export interface TabBarState {
  tabs: readonly TabItem[];
  /** Names of the routes whose pages stay mounted while another tab is shown. */
  cached: readonly string[];
}

/** The hidden route that re-opens a page (tab reload); it never gets a tab of its own. */
const REDIRECT_PREFIX = '/redirect/';

/** Where the reload of a tab goes: /redirect/<fullPath, encoded>, which comes back to the page. */
export function reloadPath(tab: TabItem): string {
  return REDIRECT_PREFIX + encodeURIComponent(tab.fullPath);
}

/** A tab stands for a path; a later visit with another query is the same tab (it keeps the newest query). */
export function tabPath(tab: Pick<TabItem, 'fullPath'>): string {
  return tab.fullPath.split('?')[0];
}

const NOT_FOUND: Pick<RouteDef, 'name' | 'titleKey' | 'ignoreCache'> = {
  name: NOT_FOUND_ROUTE_NAME,
  titleKey: 'common.notFound.title',
  ignoreCache: true,
};

/** The tab of a location; undefined for the redirect route. Paths outside the route table are the not-found page. */
export function tabFor(pathname: string, search: string): TabItem | undefined {
  if (pathname.startsWith(REDIRECT_PREFIX)) return undefined;
  const route = findRouteByPath(pathname) ?? NOT_FOUND;
  return {
    title: route.titleKey,
    name: route.name,
    fullPath: pathname + search,
    query: Object.fromEntries(new URLSearchParams(search)),
    ignoreCache: route.ignoreCache === true,
  };
}

const WORKPLACE = tabFor(DEFAULT_ROUTE, '')!;

function initial(): TabBarState {
  return { tabs: [WORKPLACE], cached: [WORKPLACE.name] };
}

/**
 * The open tabs outlive a refresh of the same browser tab (sessionStorage: another browser tab starts
 * afresh). Only where they point is kept: each is derived again from its path, so a stored entry can
 * name no route or title of its own, and the pages mount anew.
 */
const STORAGE_KEY = 'tab-bar';

function restored(): TabBarState {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return initial();
    const tabs = [WORKPLACE];
    for (const entry of stored as { fullPath?: unknown; label?: unknown }[]) {
      if (typeof entry?.fullPath !== 'string' || !entry.fullPath.startsWith('/')) continue;
      const q = entry.fullPath.indexOf('?');
      const tab = q < 0 ? tabFor(entry.fullPath, '') : tabFor(entry.fullPath.slice(0, q), entry.fullPath.slice(q));
      if (!tab || tabs.some((t) => tabPath(t) === tabPath(tab))) continue;
      tabs.push(typeof entry.label === 'string' && entry.label ? { ...tab, label: entry.label } : tab);
    }
    return { tabs, cached: [...new Set(tabs.filter((t) => !t.ignoreCache).map((t) => t.name))] };
  } catch {
    return initial();
  }
}

const store = createStore<TabBarState>(restored());
store.subscribe(({ tabs }) => {
  const kept = tabs.slice(1).map(({ fullPath, label }) => ({ fullPath, label }));
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
});

export const getTabBar = store.get;
const subscribeTabBar = store.subscribe;

export function useTabBar(): TabBarState {
  return useSyncExternalStore(subscribeTabBar, getTabBar);
}

/** A page whose last tab is gone leaves the cache, so its state is dropped with it. */
function keep(tabs: TabItem[], cached: readonly string[] = store.get().cached): void {
  const names = new Set(tabs.map((t) => t.name));
  store.set({ tabs, cached: cached.filter((name) => names.has(name)) });
}

const indexOf = (path: string) => store.get().tabs.findIndex((t) => tabPath(t) === path);

/** Every navigation but the redirect route: a new page is appended, an open one follows the newest query. */
export function appendTab(tab: TabItem): void {
  const { tabs, cached } = store.get();
  const at = indexOf(tabPath(tab));
  const same = at >= 0 && tabs[at].fullPath === tab.fullPath;
  const cache = tab.ignoreCache || cached.includes(tab.name) ? cached : [...cached, tab.name];
  if (same && cache === cached) return;
  // The same record under a newer query keeps its name.
  const next = at < 0 ? [...tabs, tab] : tabs.map((t, i) => (i === at ? { ...tab, label: t.label } : t));
  store.set({ tabs: next, cached: cache });
}

/** A detail page names its tab after its record (or, with no label, gives it back the page's title). */
export function labelTab(path: string, label: string | undefined): void {
  const { tabs, cached } = store.get();
  const at = indexOf(path);
  if (at < 0 || tabs[at].label === label) return;
  store.set({ tabs: tabs.map((t, i) => (i === at ? { ...t, label } : t)), cached });
}

/** Reload: the page leaves the cache, so it mounts afresh when the redirect route comes back to it. */
export function dropCache(name: string): void {
  const { tabs, cached } = store.get();
  if (cached.includes(name)) store.set({ tabs, cached: cached.filter((n) => n !== name) });
}

/**
 * Closes one tab; Workplace never closes. Answers the tab to show when the closed one was on screen:
 * its left neighbour.
 */
export function closeTab(path: string): TabItem | undefined {
  const { tabs } = store.get();
  const at = indexOf(path);
  if (at <= 0) return undefined;
  keep(tabs.filter((_, i) => i !== at));
  return tabs[at - 1];
}

/** Closes the tabs between Workplace and this one. Answers this tab (the menu then shows it). */
export function closeLeft(path: string): TabItem | undefined {
  const { tabs } = store.get();
  const at = indexOf(path);
  if (at < 0) return undefined;
  keep(tabs.filter((_, i) => i === 0 || i >= at));
  return tabs[at];
}

/** Closes the tabs right of this one. Answers this tab. */
export function closeRight(path: string): TabItem | undefined {
  const { tabs } = store.get();
  const at = indexOf(path);
  if (at < 0) return undefined;
  keep(tabs.slice(0, at + 1));
  return tabs[at];
}

/** Keeps Workplace and this tab. Answers this tab. */
export function closeOthers(path: string): TabItem | undefined {
  const { tabs } = store.get();
  const at = indexOf(path);
  if (at < 0) return undefined;
  keep(tabs.filter((_, i) => i === 0 || i === at));
  return tabs[at];
}

/** Close all, logout and a role switch: only Workplace is left. Answers it. */
export function resetTabs(): TabItem {
  store.set(initial());
  return WORKPLACE;
}

// The tabs belong to the account and its role: a logout (the user leaves the session store) or a
// role switch starts again from Workplace.
subscribeUser((user) => {
  if (!user) resetTabs();
});
onRoleSwitched(() => resetTabs());
