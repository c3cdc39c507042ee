/** Performance records (/finance/review). */
const performanceRecord = {
  'performanceRecord.fields.orderId': 'Order',
  'performanceRecord.fields.orderNo': 'Order no.',
  'performanceRecord.fields.shopId': 'Shop',
  'performanceRecord.fields.shopName': 'Shop',
  'performanceRecord.fields.staffId': 'Staff',
  'performanceRecord.fields.staffName': 'Staff',
  'performanceRecord.fields.kind': 'Kind',
  'performanceRecord.fields.shareBp': 'Share',
  'performanceRecord.fields.amountFen': 'Amount',
  'performanceRecord.fields.commissionFen': 'Commission',
  'performanceRecord.fields.status': 'Status',
  'performanceRecord.fields.reviewedBy': 'Reviewer',
  'performanceRecord.fields.reviewedAt': 'Reviewed',
  'performanceRecord.fields.rejectReason': 'Rejection reason',
  'performanceRecord.fields.reason': 'Rejection reason',
  'performanceRecord.fields.ids': 'Records',
  'performanceRecord.fields.createdAt': 'Recorded',
  'performanceRecord.options.kind.sale': 'Sale',
  'performanceRecord.options.kind.card-sale': 'Card sale',
  'performanceRecord.options.kind.adjustment': 'Refund adjustment',
  'performanceRecord.options.status.pending': 'Pending',
  'performanceRecord.options.status.approved': 'Approved',
  'performanceRecord.options.status.rejected': 'Rejected',
  'performanceRecord.search.placeholder': 'Search order no.',
};

export default performanceRecord;
