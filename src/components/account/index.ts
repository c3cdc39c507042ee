export { AccountMenu } from './AccountMenu';
export { LocaleSwitch } from './LocaleSwitch';
export { RoleSwitchDialog } from './RoleSwitchDialog';
export { onRoleSwitched } from './roleSwitchEvents';
