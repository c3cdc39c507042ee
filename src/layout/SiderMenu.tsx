import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '../../contract/access';
import type { Role } from '../../contract/roles';
import type { MenuGroup } from '../../contract/routes';
import { findAppRoute } from '../resources';
import { GROUP_ICONS, iconFor } from '../resources/icons';

/**
 * The seven groups of SPEC.md section 2, each with the pages the role may open: menuFor() is the same
 * function the server's /api/user/menu answers with, so both menus always agree.
 */
export default function SiderMenu({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = findAppRoute(pathname);
  const currentGroup = current?.group ?? undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  // A page reached from elsewhere (a link, the browser's back button) opens its group in the menu.
  const [lastGroup, setLastGroup] = useState(currentGroup);
  if (currentGroup !== lastGroup) {
    setLastGroup(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const items = useMemo<MenuProps['items']>(
    () =>
      menuFor(role).map((group) => {
        const GroupIcon = GROUP_ICONS[group.name as MenuGroup];
        return {
          key: group.name,
          icon: GroupIcon ? <GroupIcon /> : undefined,
          label: t(group.meta.locale),
          children: group.children?.map((item) => {
            const Icon = iconFor(item.meta.icon);
            return { key: item.path, icon: Icon ? <Icon /> : undefined, label: <Link to={item.path}>{t(item.meta.locale)}</Link> };
          }),
        };
      }),
    [role, t],
  );

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={current ? [current.path] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
    />
  );
}
