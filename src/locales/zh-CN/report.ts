/** The reports: the ranking page and the Workplace figures. */
const report = {
  'report.revenue': '营业额',
  // The ranking's revenue is paid less refunded, with the refunds beside it: it says so.
  'report.netRevenue': '净营业额',
  'report.orders': '{{count}} 单',
  'report.rank': '排名',
  'report.shop': '门店',
  'report.staff': '员工',
  'report.orderCount': '订单数',
  'report.refund': '退款',
  'report.customers': '到店客户',
  'report.newCustomers': '新客',
  'report.approved': '已审业绩',
  'report.pending': '待审业绩',
  'report.commission': '提成',
  'report.shopRanking': '门店净营业额排行',
  'report.staffRanking': '员工业绩排行',
  'report.period.today': '今天',
  'report.period.thisWeek': '本周',
  'report.period.thisMonth': '本月',
  'report.period.lastMonth': '上月',
  'report.period.custom': '自定义',
  'report.cashFen': '现金业绩',
  'report.consumptionFen': '消耗业绩',
  'report.bonusConsumptionFen': '赠送消耗',
};

export default report;
