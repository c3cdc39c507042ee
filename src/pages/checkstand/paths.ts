import type { NavigateOptions } from 'react-router';
import { findRouteByName } from '../../../contract/routes';

export const CASHIER_PATH = findRouteByName('Cashier')!.path;

/** What the cashier is opened with to check out one visit: kept out of the address, so the tab does not hold on to it. */
export interface CheckoutState {
  appointmentId: number;
}

/** navigate(CASHIER_PATH, checkoutOf(id)): the cashier opens with this visit in the cart. */
export const checkoutOf = (appointmentId: number): NavigateOptions => ({ state: { appointmentId } satisfies CheckoutState });

export const checkoutStateOf = (state: unknown): CheckoutState | null =>
  typeof state === 'object' && state !== null && typeof (state as CheckoutState).appointmentId === 'number'
    ? (state as CheckoutState)
    : null;
