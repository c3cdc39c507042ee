import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor, type ServerMenuItem } from '../../contract/access';
import type { Role } from '../../contract/roles';
import { findAppRoute } from '../resources';
import { iconFor } from '../resources/icons';
import { useSettings } from '../stores/settings';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * The menu tree on screen: the one /api/user/menu sent when "menu from server" is on, else menuFor()
 * of the role — the same function the server answers with, so both menus always agree.
 */
function useMenuTree(role: Role): ServerMenuItem[] {
  const { menuFromServer, serverMenu } = useSettings();
  return useMemo(() => (menuFromServer ? serverMenu : menuFor(role)), [menuFromServer, serverMenu, role]);
}

function toItems(tree: readonly ServerMenuItem[], t: (key: string) => string, onNavigate?: () => void): MenuItems {
  return tree.map((item) => {
    const Icon = iconFor(item.meta.icon);
    const icon = Icon ? <Icon /> : undefined;
    if (item.children?.length) return { key: item.name, icon, label: t(item.meta.locale), children: toItems(item.children, t, onNavigate) };
    return {
      key: item.path,
      icon,
      label: (
        <Link to={item.path} onClick={onNavigate}>
          {t(item.meta.locale)}
        </Link>
      ),
    };
  });
}

interface SiderMenuProps {
  role: Role;
  /** 'horizontal' is the top menu in the navbar. */
  mode?: 'inline' | 'horizontal';
  /** Called when a page is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The seven menu groups (contract/routes.ts), each with the pages the role may open. */
export default function SiderMenu({ role, mode = 'inline', onNavigate }: SiderMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tree = useMenuTree(role);
  const current = findAppRoute(pathname);
  const currentGroup = current?.group ?? undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  // A page reached from elsewhere (a link, the browser's back button) opens its group in the menu.
  const [lastGroup, setLastGroup] = useState(currentGroup);
  if (currentGroup !== lastGroup) {
    setLastGroup(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const items = useMemo(() => toItems(tree, t, onNavigate), [tree, t, onNavigate]);
  const selectedKeys = current ? [current.path] : [];

  if (mode === 'horizontal') return <Menu mode="horizontal" items={items} selectedKeys={selectedKeys} className="app-top-menu" />;
  return <Menu mode="inline" items={items} selectedKeys={selectedKeys} openKeys={openKeys} onOpenChange={setOpenKeys} />;
}
