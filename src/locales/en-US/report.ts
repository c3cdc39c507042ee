/** The reports: the ranking page and the Workplace figures. */
const report = {
  'report.revenue': 'Revenue',
  'report.netRevenue': 'Net revenue',
  'report.orders': '{{count}} orders',
  'report.rank': 'Rank',
  'report.shop': 'Shop',
  'report.staff': 'Staff',
  'report.orderCount': 'Orders',
  'report.refund': 'Refunded',
  'report.customers': 'Customers',
  'report.newCustomers': 'New customers',
  'report.approved': 'Approved',
  'report.pending': 'Pending',
  'report.commission': 'Commission',
  'report.shopRanking': 'Shops by net revenue',
  'report.staffRanking': 'Staff by approved performance',
  'report.period.today': 'Today',
  'report.period.thisWeek': 'This week',
  'report.period.thisMonth': 'This month',
  'report.period.lastMonth': 'Last month',
  'report.period.custom': 'Custom',
  'report.cashFen': 'Cash received',
  'report.consumptionFen': 'Services delivered',
  'report.bonusConsumptionFen': 'Bonus spent',
};

export default report;
