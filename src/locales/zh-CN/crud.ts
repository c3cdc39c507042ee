/** Shared list and form pieces of src/components/crud. */
const crud = {
  'crud.phone.change': '修改',
  'crud.phone.placeholder': '11 位手机号',
};

export default crud;
