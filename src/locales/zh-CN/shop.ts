/** The shops page (/business/shop). Field errors come from the contract schemas (contract/shop.ts). */
const shop = {
  'shop.name': '门店名称',
  'shop.regionCode': '所在地区',
  'shop.address': '详细地址',
  'shop.phone': '联系电话',
  'shop.hours': '营业时间',
  'shop.openTime': '开始营业',
  'shop.closeTime': '结束营业',
  'shop.status': '营业状态',
  'shop.createdAt': '创建时间',
  'shop.search.placeholder': '搜索门店名称、地址或电话',
  'shop.filter.region': '全部地区',
  'shop.filter.status': '全部状态',
  'shop.create': '新建门店',
  'shop.edit': '编辑门店',
  'shop.created': '门店「{{name}}」已创建',
  'shop.updated': '门店「{{name}}」已保存',
  'shop.deleted': '门店已删除',
  'shop.name.placeholder': '例如：美颜坊·徐汇旗舰店',
  'shop.region.placeholder': '请选择省 / 市 / 区县',
  'shop.address.placeholder': '街道、门牌号、楼层',
  'shop.phone.placeholder': '例如 021-64581234 或 13800000000',
};

export default shop;
