export { DeleteAction } from './DeleteAction';
export { SearchButtons } from './SearchButtons';
export { PhoneField } from './PhoneField';
export { instantItemProps, dayItemProps, dayRange, shanghaiToday } from './pickers';
export { FormModal } from './FormModal';
export { useOptions, optionKey } from './useOptions';
