import type { ReactNode } from 'react';
import type { RoleOrAny } from '../../../contract/roles';
import { usePermission } from './usePermission';

/** Renders its children only for the listed roles (docs/console.md role directive); `[]` means everyone. */
export function Permission({ roles, children }: { roles: readonly RoleOrAny[]; children: ReactNode }) {
  return usePermission(roles) ? children : null;
}
