import { DEMO_SHOPS } from './demo';
import { MESSAGE_TAGS, type MessageStatus, type MessageTag, type MessageType } from './message';

/**
 * The message boxes of the demo accounts (docs/domain.md "Demo data"), plain data so the server's seed and
 * the console's mock mode show the same thing. Each account gets every type, some read, some not.
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

/** By demo phone (contract/demo.ts DEMO_ACCOUNTS). */
export const DEMO_MESSAGES: Record<string, DemoMessage[]> = {
  // admin
  '13800000001': [
    { type: 'message', title: '陈店长', subTitle: tianhe, content: '天河店下周二上午有商场消防检查，当天上午的预约已顺延到下午。', messageType: null, status: 0, hoursAgo: 2 },
    { type: 'message', title: '赵财务', subTitle: '财务专员', content: '本月业绩复核已完成大半，剩余记录预计周五前处理完毕。', messageType: null, status: 1, hoursAgo: 30 },
    { type: 'notice', title: '系统维护通知', subTitle: '系统', content: '本周日 02:00-04:00 进行数据库维护，期间后台暂停服务。', messageType: info, status: 0, hoursAgo: 5 },
    { type: 'notice', title: `${chaoyang}营业时间已更新`, subTitle: '门店管理', content: '营业时间调整为 10:00-22:00，已同步到预约系统。', messageType: done, status: 1, hoursAgo: 52 },
    { type: 'todo', title: '3 个轮播图即将到期', subTitle: '运营管理', content: '五一活动的 3 个轮播图将在 2 天后下线，请确认是否延期或替换。', messageType: attention, status: 0, hoursAgo: 8 },
    { type: 'todo', title: '完善新项目「野生眉」的详情图', subTitle: '项目管理', content: '项目详情缺少术后护理说明图，上架前请补充。', messageType: pending, status: 0, hoursAgo: 26 },
  ],
  // shop-manager of the first and second shop
  '13800000002': [
    { type: 'message', title: '林管理', subTitle: '运营总监', content: '五一活动的轮播图已上线，请前台同步向到店客户介绍活动价。', messageType: null, status: 0, hoursAgo: 3 },
    { type: 'message', title: '赵财务', subTitle: '财务专员', content: '上月的退款单据请在本周内补齐付款凭证。', messageType: null, status: 1, hoursAgo: 40 },
    { type: 'notice', title: '售后申请已通过', subTitle: xuhui, content: '客户 李女士 的补色申请已通过审核，请尽快安排补色预约。', messageType: done, status: 0, hoursAgo: 6 },
    { type: 'notice', title: '退款申请被驳回', subTitle: chaoyang, content: '客户 周女士 的退款申请被驳回：服务已完成且超过售后期限。', messageType: info, status: 1, hoursAgo: 72 },
    { type: 'todo', title: '明日有 2 个预约待确认', subTitle: xuhui, content: '请在今天 20:00 前电话确认明日的预约，避免客户爽约。', messageType: pending, status: 0, hoursAgo: 1 },
    { type: 'todo', title: '本月房租尚未录入', subTitle: chaoyang, content: '收支明细中还没有本月的房租支出，请补录。', messageType: attention, status: 1, hoursAgo: 96 },
  ],
  // financial-staff
  '13800000003': [
    { type: 'message', title: '林管理', subTitle: '运营总监', content: '请在月底前完成本月业绩复核并导出报表。', messageType: null, status: 0, hoursAgo: 4 },
    { type: 'message', title: '王店长', subTitle: xuhui, content: '徐汇店昨天的两笔退款已补齐凭证，麻烦审核。', messageType: null, status: 1, hoursAgo: 28 },
    { type: 'notice', title: '业绩提成规则调整', subTitle: '财务制度', content: '自下月起纹绣师提成比例按新规则计算，历史记录不受影响。', messageType: info, status: 0, hoursAgo: 20 },
    { type: 'notice', title: '退款已入账', subTitle: chaoyang, content: '客户 周女士 的部分退款已记入收支明细。', messageType: done, status: 1, hoursAgo: 60 },
    { type: 'todo', title: '售后退款待审核', subTitle: tianhe, content: '客户 黄女士 申请退款 ¥680.00，等待审核。', messageType: pending, status: 0, hoursAgo: 2 },
    { type: 'todo', title: '12 条业绩记录待复核', subTitle: '业绩审核', content: '上周的业绩记录尚未复核，请在本周内处理。', messageType: pending, status: 0, hoursAgo: 22 },
  ],
  // shop-manager of the third shop
  '13800000004': [
    { type: 'message', title: '林管理', subTitle: '运营总监', content: '天河店本月客流增长明显，请安排好周末的纹绣师排班。', messageType: null, status: 0, hoursAgo: 7 },
    { type: 'message', title: '赵财务', subTitle: '财务专员', content: '黄女士的退款申请我已收到，会在今天内处理。', messageType: null, status: 1, hoursAgo: 1 },
    { type: 'notice', title: '新预约提醒', subTitle: tianhe, content: '客户 吴女士 预约了明天 14:00 的雾眉项目。', messageType: info, status: 0, hoursAgo: 3 },
    { type: 'notice', title: '补色申请已通过', subTitle: tianhe, content: '客户 郑女士 的补色申请已通过审核，请安排补色预约。', messageType: done, status: 1, hoursAgo: 50 },
    { type: 'todo', title: '今日有 1 位客户未到店', subTitle: tianhe, content: '今天 11:00 的预约客户尚未到店，请联系客户或标记爽约。', messageType: attention, status: 0, hoursAgo: 0.5 },
    { type: 'todo', title: '补签知情同意书', subTitle: tianhe, content: '有 2 位新客户尚未签署纹绣知情同意书，请在服务前补签。', messageType: pending, status: 1, hoursAgo: 80 },
  ],
};
