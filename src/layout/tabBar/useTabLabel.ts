import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { labelTab, tabPath, useTabBar } from '../../stores/tabBar';

/**
 * A detail page names its tab (and breadcrumb) after the record it shows, e.g. the customer's name,
 * so two open details are told apart. `label` is undefined until the record has loaded.
 */
export function useTabLabel(label: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (label) labelTab(pathname, label);
  }, [pathname, label]);
}

/** The record name a detail page gave the tab of `pathname`, if any. */
export function useTabLabelOf(pathname: string): string | undefined {
  const { tabs } = useTabBar();
  return tabs.find((t) => tabPath(t) === pathname)?.label;
}
