import { findRouteByName } from '../../../contract/routes';

const DETAIL = findRouteByName('ConsumerDetail')!.path;
const LIST = findRouteByName('Consumer')!.path;

/** /shop/consumer/:id, from the route table. */
export const customerPath = (id: number | string) => DETAIL.replace(':id', String(id));
export const customerListPath = LIST;
