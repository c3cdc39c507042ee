import { LOGIN_ROUTE } from '../../../contract/routes';
import { appendTab, tabFor } from '../../stores/tabBar';
import { beginProgress, endProgress } from '../progress';
import type { RouteTarget } from './decision';

/**
 * Every route change, before it is checked: the progress bar starts. Answers the function that ends
 * it (once, however often it is called); a page chunk or the user info still loading keeps the bar
 * running until it is there.
 */
export function recordRouteChange(): () => void {
  beginProgress();
  let ended = false;
  return () => {
    if (!ended) endProgress();
    ended = true;
  };
}

/**
 * A page the layout shows, with the tab bar on: it gets its tab, or its open tab follows the newest
 * query. Login and the redirect route get none.
 */
export function recordTab({ pathname, search }: RouteTarget): void {
  if (pathname === LOGIN_ROUTE) return;
  const tab = tabFor(pathname, search);
  if (tab) appendTab(tab);
}
