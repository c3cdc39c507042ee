import type { RoleOrAny } from '../../../contract/roles';
import { useCurrentUser } from '../../stores/currentUser';

/**
 * The role directive of docs/console.md as a hook: `roles` must be an array (else "need roles");
 * an empty list allows everyone, otherwise the current role (or "*") must be in it.
 */
export function usePermission(roles: readonly RoleOrAny[]): boolean {
  const user = useCurrentUser();
  // Callers in plain JS or with `any` props can pass anything; the spec wants a loud failure.
  if (!Array.isArray(roles)) throw new Error('need roles');
  if (roles.length === 0) return true;
  if (!user) return false;
  return roles.includes('*') || roles.includes(user.role);
}
