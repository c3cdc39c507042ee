const user = {
  'user.center.role': 'Current role',
  'user.center.phoneHint': 'The phone is the login id; ask an administrator to change it',
  'user.center.saved': 'Profile saved',
  'user.settings.password': 'Change password',
  'user.settings.hint': 'At least 8 characters with letters and digits. Other logged-in clients must log in again afterwards.',
  'user.settings.oldPassword': 'Current password',
  'user.settings.newPassword': 'New password',
  'user.settings.confirmPassword': 'Confirm new password',
  'user.settings.confirm.required': 'Enter the new password again',
  'user.settings.confirm.mismatch': 'The two new passwords differ',
  'user.settings.same': 'The new password must differ from the current one',
  'user.settings.submit': 'Change password',
  'user.settings.done': 'Password changed; other clients have been logged out',
};

export default user;
