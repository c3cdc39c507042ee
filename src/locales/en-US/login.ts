const login = {
  'login.subtitle': 'Shops, appointments, checkout and finance in one place',
  'login.heading': 'Sign in',
  'login.tab.password': 'Password',
  'login.tab.captcha': 'SMS code',
  'login.phone.placeholder': 'Phone number',
  'login.phone.required': 'Phone number is required',
  'login.phone.invalid': 'Enter an 11-digit mobile number',
  'login.password.placeholder': 'Password',
  'login.password.required': 'Password is required',
  'login.captcha.placeholder': 'SMS code',
  'login.captcha.required': 'SMS code is required',
  'login.captcha.invalid': 'The SMS code has 6 digits',
  'login.captcha.send': 'Get code',
  'login.captcha.resend': 'Retry in {{seconds}} s',
  'login.captcha.sent': 'Code sent, valid for 5 minutes',
  'login.remember': 'Remember phone number',
  'login.remember.hint': 'Only the phone number is remembered on this device; the password is never stored',
  'login.forgot': 'Forgot password',
  'login.forgot.content':
    'Passwords are reset by the head-office administrator: please ask them to reset yours. If your phone still receives SMS, you ' +
    'can also sign in with an SMS code.',
  'login.forgot.useCaptcha': 'Sign in with SMS code',
  'login.register': 'Register',
  'login.register.content':
    'Accounts are opened by the head-office administrator under Accounts, with their role and shop: please ask them to open yours.',
  'login.gotIt': 'Got it',
  'login.submit': 'Sign in',
};

export default login;
