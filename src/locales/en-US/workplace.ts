const workplace = {
  'workplace.greeting.morning': 'Good morning, {{name}}',
  'workplace.greeting.noon': 'Good day, {{name}}',
  'workplace.greeting.afternoon': 'Good afternoon, {{name}}',
  'workplace.greeting.evening': 'Good evening, {{name}}',
  'workplace.role': 'Role',
  'workplace.shop': 'Current shop',
  'workplace.job': 'Job',
  'workplace.phone': 'Phone',
  'workplace.shortcuts': 'My pages',
};

export default workplace;
