export const ROLES = ['admin', 'shop-manager', 'financial-staff'] as const;
export type Role = (typeof ROLES)[number];
/** "*" in a route's role list means any logged-in role (docs/routes.md). */
export type RoleOrAny = Role | '*';

export const ROLE_LABELS: Record<Role, string> = {
  admin: '管理员',
  'shop-manager': '店长',
  'financial-staff': '财务',
};

/** admin and financial-staff grants name no shop; a shop-manager grant names exactly one. */
export function roleNeedsShop(role: Role): boolean {
  return role === 'shop-manager';
}
