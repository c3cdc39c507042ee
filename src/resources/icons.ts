import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  PictureOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  TransactionOutlined,
  TrophyOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * The antd icons the route table names (contract/routes.ts keeps icons as plain strings so the server
 * can send them in /api/user/menu). Importing them one by one keeps the other ~800 icons out of the
 * bundle, and only the menu and pages import this file, so /login loads none of them.
 */
export const ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  PictureOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  TransactionOutlined,
  TrophyOutlined,
  UserAddOutlined,
  WalletOutlined,
};

/** The icon a route or menu item names (RouteDef.icon, ServerMenuItem.meta.icon). */
export function iconFor(name: string | undefined): ComponentType | undefined {
  return name ? ICONS[name] : undefined;
}
