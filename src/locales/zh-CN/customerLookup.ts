/** The chain customer found by full phone (cashier, booking dialog). */
const customerLookup = {
  'customerLookup.title': '连锁客户',
  'customerLookup.homeShop': '所属门店：{{shop}}',
  'customerLookup.pick': '选择此客户',
  'customerLookup.hint': '本店没有找到；其他门店的客户请输入完整手机号查找',
};

export default customerLookup;
