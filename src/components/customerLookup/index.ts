export { useCustomerLookup } from './useCustomerLookup';
export { CustomerCardView } from './CustomerCardView';
