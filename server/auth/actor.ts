import type { SessionContext } from './sessionGuard';
import { forbidden, notFound } from '../http/errors';

/** Who makes a call: its session and client IP (for the audit row). Routes pass the request itself. */
export interface Actor {
  session: SessionContext;
  ip: string;
}

/** The shop a manager's session acts for; an admin or finance session has none and may not write. */
export function actingShop(actor: Actor): number {
  if (actor.session.role !== 'shop-manager' || actor.session.shopId == null) throw forbidden();
  return actor.session.shopId;
}

/** A shop-manager sees only its current shop's rows: another shop's row answers 404 as if it did not exist. */
export function visibleTo(session: SessionContext, shopId: number, missing: string): void {
  if (session.role === 'shop-manager' && session.shopId !== shopId) throw notFound(missing);
}
