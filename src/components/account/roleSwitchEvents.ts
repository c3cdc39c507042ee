import type { UserInfo } from '../../../contract/auth';

type Listener = (user: UserInfo) => void;
const listeners = new Set<Listener>();

/**
 * A role switch is announced here once the session store holds the new user info, so pieces that keep
 * per-role state (the tab bar resets to Workplace) react without the dialog knowing them.
 * Answers the unsubscribe function.
 */
export function onRoleSwitched(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function emitRoleSwitched(user: UserInfo): void {
  for (const listener of [...listeners]) listener(user);
}
