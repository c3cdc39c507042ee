import { DEMO_SHOPS } from './demo';
import { MESSAGE_TAGS, type MessageStatus, type MessageTag, type MessageType } from './message';

/**
 * The conversation part of the demo message boxes (docs/domain.md "Demo data"): notes between people
 * and system notices that announce no work, plain data so the server's seed and the console's mock
 * mode show the same thing. Work to do (bookings to confirm, records to review, refunds to approve)
 * is never written here: the server's seed raises it from the demo rows that are really there
 * (server/seed/messages.ts).
 */
export interface DemoMessage {
  type: MessageType;
  title: string;
  subTitle: string;
  content: string;
  messageType: MessageTag | null;
  status: MessageStatus;
  /** How long before the seed runs it was raised. */
  hoursAgo: number;
}

const [xuhui, chaoyang, tianhe] = DEMO_SHOPS.map((s) => s.name);
const { info, done, pending, attention } = MESSAGE_TAGS;

const MAINTENANCE: DemoMessage = {
  type: 'notice',
  title: '系统维护通知',
  subTitle: '系统',
  content: '本周日 02:00-04:00 进行数据库维护，期间后台暂停服务。',
  messageType: info,
  status: 0,
  hoursAgo: 5,
};

/** By demo phone (contract/demo.ts DEMO_ACCOUNTS). */
export const DEMO_MESSAGES: Record<string, DemoMessage[]> = {
  // admin
  '13800000001': [
    {
      type: 'message',
      title: '陈店长',
      subTitle: tianhe,
      content: '天河店下周二上午商场消防检查，前台当天上午暂停接待一小时。',
      messageType: null,
      status: 0,
      hoursAgo: 2,
    },
    {
      type: 'message',
      title: '赵财务',
      subTitle: '财务专员',
      content: '业绩审核每周五集中处理，有急需的记录请提前留言。',
      messageType: null,
      status: 1,
      hoursAgo: 30,
    },
    MAINTENANCE,
  ],
  // shop-manager of the first and second shop
  '13800000002': [
    {
      type: 'message',
      title: '林管理',
      subTitle: '运营总监',
      content: '新客首单立减活动已上线，请前台向到店的新客户介绍。',
      messageType: null,
      status: 0,
      hoursAgo: 3,
    },
    {
      type: 'message',
      title: '赵财务',
      subTitle: '财务专员',
      content: '提交退款类售后时请附上付款凭证，审核会快很多。',
      messageType: null,
      status: 1,
      hoursAgo: 40,
    },
    {
      type: 'notice',
      title: '营业时间已更新',
      subTitle: xuhui,
      content: '营业时间调整为 10:00-22:00，已同步到预约日历。',
      messageType: done,
      status: 0,
      hoursAgo: 6,
    },
    { ...MAINTENANCE, status: 1, hoursAgo: 72 },
    {
      type: 'todo',
      title: '本周完成门店消防自查',
      subTitle: xuhui,
      content: '请在周五前按清单完成消防自查，并把签字的自查表拍照发给运营部。',
      messageType: pending,
      status: 0,
      hoursAgo: 1,
    },
    {
      type: 'todo',
      title: '更换前台价目牌',
      subTitle: chaoyang,
      content: '项目价格已于本月调整，请更换前台的价目牌。',
      messageType: attention,
      status: 1,
      hoursAgo: 96,
    },
  ],
  // financial-staff
  '13800000003': [
    {
      type: 'message',
      title: '林管理',
      subTitle: '运营总监',
      content: '请在月底前完成本月业绩审核并导出报表。',
      messageType: null,
      status: 0,
      hoursAgo: 4,
    },
    {
      type: 'notice',
      title: '业绩提成规则调整',
      subTitle: '财务制度',
      content: '自下月起纹绣师提成比例按新规则计算，历史记录不受影响。',
      messageType: info,
      status: 0,
      hoursAgo: 20,
    },
    MAINTENANCE,
  ],
  // shop-manager of the third shop
  '13800000004': [
    {
      type: 'message',
      title: '林管理',
      subTitle: '运营总监',
      content: '天河店本月客流增长明显，请安排好周末的纹绣师排班。',
      messageType: null,
      status: 0,
      hoursAgo: 7,
    },
    {
      type: 'message',
      title: '赵财务',
      subTitle: '财务专员',
      content: '月底对账前请核对本店的收支明细。',
      messageType: null,
      status: 1,
      hoursAgo: 26,
    },
    MAINTENANCE,
  ],
};
