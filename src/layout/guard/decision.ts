/** Where a navigation wants to go. */
export interface RouteTarget {
  pathname: string;
  search: string;
}

/**
 * What a step of the guard decides: let the navigation go on, send it elsewhere, show the not-found
 * page in the layout, or wait for the user info / the server menu.
 */
export type GuardDecision =
  | { kind: 'continue' }
  /** `forbidden`: the role may not open the page asked for, so the user is told why they landed elsewhere. */
  | { kind: 'redirect'; to: string; forbidden?: { titleKey: string } }
  | { kind: 'notFound' }
  /** Role unknown: fetch the user info; on failure log out and go to `onFailure`. */
  | { kind: 'loadUser'; onFailure: string }
  /** The server menu is on its way. */
  | { kind: 'loadingMenu' };

export const CONTINUE: GuardDecision = { kind: 'continue' };

export function redirect(to: string): GuardDecision {
  return { kind: 'redirect', to };
}
