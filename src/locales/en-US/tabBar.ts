const tabBar = {
  'tabBar.reload': 'Reload',
  'tabBar.closeCurrent': 'Close this tab',
  'tabBar.closeLeft': 'Close tabs to the left',
  'tabBar.closeRight': 'Close tabs to the right',
  'tabBar.closeOthers': 'Close other tabs',
  'tabBar.closeAll': 'Close all tabs',
};

export default tabBar;
