const message = {
  'message.box.title': 'Messages',
  'message.justNow': 'just now',
  'message.empty': 'No messages',
  'message.clear': 'Clear',
  'message.clear.confirm': 'Delete every message under "{{type}}"? This cannot be undone.',
  'message.clear.confirmAll': 'Delete every message? This cannot be undone.',
  'message.cleared': '{{count}} messages cleared',
  'message.readAll': 'Mark all read',
  'message.readAll.done': '{{count}} messages marked read',
  'message.viewMore': 'View more',
  'message.markRead': 'Mark read',
  'message.filter.allTypes': 'All types',
  'message.filter.status': 'Any status',
  'message.status.unread': 'Unread',
  'message.status.read': 'Read',
  'message.openRecord': 'Open',
};

export default message;
