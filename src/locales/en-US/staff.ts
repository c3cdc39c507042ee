/** The staff page (/shop/staff). Field labels and messages come from contract/staff.ts. */
const staff = {
  'staff.create': 'Add staff',
  'staff.edit': 'Edit staff',
  'staff.created': '"{{name}}" added',
  'staff.updated': '"{{name}}" saved',
  'staff.deleted': '"{{name}}" deleted',
  'staff.markLeft': 'Left',
  'staff.markLeft.confirm': 'Mark "{{name}}" as left?',
  'staff.markActive': 'Rehire',
  'staff.markedLeft': '"{{name}}" marked as left',
  'staff.markedActive': '"{{name}}" is active again',
  'staff.search.placeholder': 'Search name or phone',
  'staff.filter.job': 'All jobs',
  'staff.filter.status': 'All statuses',
  'staff.job.placeholder': 'Select a job',
  'staff.level.placeholder': 'e.g. Senior',
  'staff.commission.extra': 'Percent of the performance amount, e.g. 12.5',
};

export default staff;
