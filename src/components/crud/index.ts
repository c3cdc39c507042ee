export { DeleteAction } from './DeleteAction';
export { SearchButtons } from './SearchButtons';
export { PhoneField } from './PhoneField';
export { instantItemProps, dayItemProps, dayRange, shanghaiToday } from './pickers';
export { FormModal, type ModalFormState } from './FormModal';
export { useOptions, optionKey } from './useOptions';
