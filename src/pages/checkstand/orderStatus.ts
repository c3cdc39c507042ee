import type { OrderStatus } from '../../../contract/order';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  unpaid: 'orange',
  paid: 'green',
  'partially-refunded': 'purple',
  refunded: 'default',
  cancelled: 'default',
};
