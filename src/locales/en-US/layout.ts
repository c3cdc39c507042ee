const layout = {
  'layout.logout': 'Log out',
  'layout.forbidden': 'Your role cannot open “{{page}}”; showing “{{target}}” instead',
  'layout.allShops': 'All shops',
  'layout.footer': '© {{year}} Beauty Chain Console',
  'layout.menu.collapse': 'Collapse menu',
  'layout.menu.expand': 'Expand menu',
  'layout.menu.drawer': 'Navigation menu',
};

export default layout;
