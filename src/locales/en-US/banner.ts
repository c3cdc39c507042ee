/** The banners page (/operation/events). Field labels and messages come from contract/banner.ts. */
const banner = {
  'banner.create': 'New banner',
  'banner.edit': 'Edit banner',
  'banner.created': 'Banner "{{name}}" created',
  'banner.updated': 'Banner "{{name}}" saved',
  'banner.deleted': 'Banner "{{name}}" deleted',
  'banner.search.placeholder': 'Search name, platform or source',
  'banner.filter.status': 'All statuses',
  'banner.period': 'Period',
  'banner.period.open': 'Open',
  'banner.period.always': 'Always',
  'banner.noImage': 'No image',
  'banner.name.placeholder': 'e.g. Spring brow festival',
  'banner.platform.placeholder': 'e.g. mini-program',
  'banner.type.placeholder': 'e.g. home carousel',
  'banner.source.placeholder': 'e.g. marketing',
  'banner.priority.extra': 'Higher numbers show first',
  'banner.link.placeholder': 'An https:// link or an in-app path starting with /',
  'banner.startAt.placeholder': 'Empty: starts now',
  'banner.endAt.placeholder': 'Empty: never ends',
};

export default banner;
