export { Permission } from './Permission';
export { usePermission } from './usePermission';
