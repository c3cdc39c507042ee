import type { ReactElement } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import {
  CloseOutlined,
  ColumnWidthOutlined,
  MinusOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  dropCache,
  getTabBar,
  reloadPath,
  resetTabs,
  tabPath,
  useTabBar,
  type TabItem,
} from '../../stores/tabBar';

type TabAction = 'reload' | 'closeCurrent' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/**
 * The open pages above the content: every page shown adds or updates its tab (the route guard records it),
 * a click shows a tab again, the context menu reloads or closes tabs.
 */
export default function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tabs } = useTabBar();

  /** After closing: if the page on screen lost its tab, show `next` (the store's answer) instead. */
  const showIfClosed = (next: TabItem | undefined) => {
    if (next && !getTabBar().tabs.some((tab) => tabPath(tab) === pathname)) navigate(next.fullPath);
  };

  const run = (action: TabAction, tab: TabItem) => {
    const path = tabPath(tab);
    if (action === 'reload') {
      // Out of the cache, so the page mounts afresh when the redirect route brings it back.
      dropCache(tab.name);
      navigate(reloadPath(tab));
    } else if (action === 'closeCurrent') showIfClosed(closeTab(path));
    else if (action === 'closeLeft') showIfClosed(closeLeft(path));
    else if (action === 'closeRight') showIfClosed(closeRight(path));
    else if (action === 'closeOthers') showIfClosed(closeOthers(path));
    else showIfClosed(resetTabs());
  };

  const menuOf = (tab: TabItem, index: number): MenuProps => {
    const last = tabs.length - 1;
    const items: { key: TabAction; icon: ReactElement; disabled: boolean }[] = [
      { key: 'reload', icon: <ReloadOutlined />, disabled: false },
      { key: 'closeCurrent', icon: <CloseOutlined />, disabled: index === 0 },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, disabled: index <= 1 },
      { key: 'closeRight', icon: <VerticalLeftOutlined />, disabled: index === last },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, disabled: tabs.length <= (index === 0 ? 1 : 2) },
      { key: 'closeAll', icon: <MinusOutlined />, disabled: last === 0 },
    ];
    return {
      items: items.map((item) => ({ ...item, label: t(`tabBar.${item.key}`) })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as TabAction, tab);
      },
    };
  };

  return (
    <div className="app-tab-bar" data-testid="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        onChange={(key) => {
          const tab = tabs.find((item) => tabPath(item) === key);
          if (tab) navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          const tab = tabs.find((item) => tabPath(item) === key);
          if (action === 'remove' && tab) run('closeCurrent', tab);
        }}
        items={tabs.map((tab, index) => ({ key: tabPath(tab), label: tab.label ?? t(tab.title), closable: index > 0 }))}
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props}>
            {(node) => {
              const index = tabs.findIndex((item) => tabPath(item) === node.key);
              if (index < 0) return node;
              return (
                <Dropdown key={node.key} trigger={['contextMenu']} menu={menuOf(tabs[index], index)}>
                  {node}
                </Dropdown>
              );
            }}
          </DefaultTabBar>
        )}
      />
    </div>
  );
}
