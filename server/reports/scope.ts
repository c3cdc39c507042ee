import type { Role } from '../../contract/roles';
import type { SessionContext } from '../auth/sessionGuard';
import { forbidden } from '../http/errors';

/** A report's role check: 40300 for a role the report is not for. */
export function allow(session: SessionContext, roles: readonly Role[]): void {
  if (!roles.includes(session.role)) throw forbidden('当前角色无权查看该报表');
}

/**
 * The shop a report covers: a shop manager's current shop, whatever the arguments say; admins and
 * financial staff the shop they ask for, or every shop (null).
 */
export function scopedShop(session: SessionContext, asked: number | null | undefined): number | null {
  if (session.role === 'shop-manager') {
    if (session.shopId == null) throw forbidden('请先选择门店');
    return session.shopId;
  }
  return asked ?? null;
}
