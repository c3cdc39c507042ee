/** After-sale requests, as the checkstand asks for them and finance reviews them. */
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
  'afterSale.fields.reviewedBy': 'Reviewed by',
  'afterSale.fields.reviewNote': 'Review note',
  'afterSale.fields.rejectReason': 'Reject reason',
  'afterSale.fields.createdAt': 'Requested at',
  'afterSale.fields.reviewedAt': 'Reviewed at',
  'afterSale.options.type.refund': 'Refund',
  'afterSale.options.type.touch-up': 'Touch-up',
  'afterSale.options.type.complaint': 'Complaint',
  'afterSale.options.status.pending': 'Pending',
  'afterSale.options.status.approved': 'Approved',
  'afterSale.options.status.rejected': 'Rejected',
  'afterSale.options.status.withdrawn': 'Withdrawn',
  'afterSale.create': 'Request after-sale',
  'afterSale.search.placeholder': 'Order no. or customer name',
};

export default afterSale;
