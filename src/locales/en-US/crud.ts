/** Shared list and form pieces of src/components/crud. */
const crud = {
  'crud.phone.change': 'Change',
  'crud.phone.placeholder': '11-digit mobile number',
};

export default crud;
