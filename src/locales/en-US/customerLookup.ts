/** The chain customer found by full phone (cashier, booking dialog). */
const customerLookup = {
  'customerLookup.title': 'Chain customer',
  'customerLookup.homeShop': 'Home shop: {{shop}}',
  'customerLookup.pick': 'Choose this customer',
  'customerLookup.hint': 'Not found in this shop; for a customer of another shop type the full phone number',
};

export default customerLookup;
