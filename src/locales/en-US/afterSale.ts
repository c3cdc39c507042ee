/** After-sale requests (/finance/after-sales). */
const afterSale = {
  'afterSale.fields.shopId': 'Shop',
  'afterSale.fields.orderId': 'Order',
  'afterSale.fields.orderNo': 'Order no.',
  'afterSale.fields.customerName': 'Customer',
  'afterSale.fields.type': 'Type',
  'afterSale.fields.amountFen': 'Refund amount',
  'afterSale.fields.reason': 'Reason',
  'afterSale.fields.images': 'Images',
  'afterSale.fields.status': 'Status',
  'afterSale.fields.requestedBy': 'Requested by',
  'afterSale.fields.reviewedBy': 'Reviewer',
  'afterSale.fields.reviewNote': 'Review note',
  'afterSale.fields.rejectReason': 'Rejection reason',
  'afterSale.fields.createdAt': 'Requested',
  'afterSale.fields.reviewedAt': 'Reviewed',
  'afterSale.options.type.refund': 'Refund',
  'afterSale.options.type.touch-up': 'Touch-up',
  'afterSale.options.type.complaint': 'Complaint',
  'afterSale.options.status.pending': 'Pending',
  'afterSale.options.status.approved': 'Approved',
  'afterSale.options.status.rejected': 'Rejected',
  'afterSale.options.status.withdrawn': 'Withdrawn',
  'afterSale.search.placeholder': 'Order no. or customer name',
};

export default afterSale;
