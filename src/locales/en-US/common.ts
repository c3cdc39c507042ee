const common = {
  'common.appName': 'Beauty Chain Console',
  'common.search': 'Search',
  'common.filterBy': 'Filter by {{what}}',
  'common.reset': 'Reset',
  'common.create': 'New',
  'common.edit': 'Edit',
  'common.delete': 'Delete',
  'common.deleteConfirm': 'Sure to delete?',
  'common.deleteWhat': '“{{name}}” will be deleted',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.actions': 'Actions',
  'common.total': '{{total}} in total',
  'common.notFound.title': 'Page not found',
  'common.notFound.description': 'Sorry, the page you visited does not exist',
  'common.backHome': 'Back to Workplace',
};

export default common;
