import { MESSAGE_TAG_LABELS, MESSAGE_TYPE_LABELS } from '../../../contract/message';
import { optionTexts } from '../contractTexts';

/** The message box in the navbar and the messages page (/messages). */
const message = {
  'message.box.title': '消息通知',
  ...optionTexts('message', 'type', MESSAGE_TYPE_LABELS),
  ...optionTexts('message', 'tag', MESSAGE_TAG_LABELS),
  'message.justNow': '刚刚',
  'message.empty': '暂无内容',
  'message.clear': '清空',
  'message.clear.confirm': '确定清空「{{type}}」中的全部消息？清空后无法恢复。',
  'message.clear.confirmAll': '确定清空全部消息？清空后无法恢复。',
  'message.cleared': '已清空 {{count}} 条消息',
  'message.readAll': '全部已读',
  'message.readAll.done': '已将 {{count}} 条消息标为已读',
  'message.viewMore': '查看更多',
  'message.markRead': '标为已读',
  'message.filter.allTypes': '全部类型',
  'message.filter.status': '全部状态',
  'message.status.unread': '未读',
  'message.status.read': '已读',
  'message.openRecord': '去处理',
};

export default message;
