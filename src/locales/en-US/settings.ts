const settings = {
  'settings.title': 'Settings',
  'settings.open': 'Settings',
  'settings.alert':
    'These settings are kept in this browser only; another computer or cleared browser data starts from the defaults. "Copy setti' +
    'ngs" puts them on the clipboard as JSON.',
  'settings.themeColor': 'Theme color',
  'settings.themeColor.palette': 'Palette derived from the theme color',
  'settings.themeColor.adjusted': 'This color reads below 4.5:1 as text; links and buttons use {{color}} instead',
  'settings.content': 'Content',
  'settings.navbar': 'Navbar',
  'settings.menu': 'Menu',
  'settings.topMenu': 'Top menu',
  'settings.tabBar': 'Tab bar',
  'settings.footer': 'Footer',
  'settings.menuWidth': 'Menu width (px)',
  'settings.menuFromServer': 'Menu from server',
  'settings.other': 'Other',
  'settings.colorWeak': 'Color weak',
  'settings.close': 'Close',
  'settings.copy': 'Copy settings',
  'settings.copied': 'The settings were copied to the clipboard as JSON',
  'settings.copyFailed': 'Copy failed: the browser refused the clipboard',
  'settings.theme.toDark': 'Switch to the dark theme',
  'settings.theme.toLight': 'Switch to the light theme',
  'settings.mobileMenu': 'Open the menu',
  'settings.menuFromServer.loading': 'Loading the menu from the server…',
  'settings.menuFromServer.success': 'Menu loaded',
  'settings.menuFromServer.error': 'The menu failed to load',
};

export default settings;
