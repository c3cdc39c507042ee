import type { FastifyBaseLogger } from 'fastify';

/** What an appointment reminder says. */
export interface AppointmentReminder {
  customerName: string;
  programName: string;
  /** ISO instant. */
  startAt: string;
  shopName: string;
  shopPhone: string;
  shopAddress: string;
}

/** "11月24日 14:30" in Shanghai time. */
function shanghaiWhen(iso: string): string {
  const s = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return `${Number(s.slice(5, 7))}月${Number(s.slice(8, 10))}日 ${s.slice(11, 16)}`;
}

/** The text of a reminder, the same whichever provider sends it. */
export function reminderText(r: AppointmentReminder): string {
  return `【美颜坊】${r.customerName}您好，您预约的「${r.programName}」在 ${shanghaiWhen(r.startAt)}，地址：${r.shopName}（${r.shopAddress}），如需改期请致电 ${r.shopPhone}。`;
}

/**
 * Sends login codes and appointment reminders. The default writes them to the server log
 * (development and demo); a real SMS provider implements the same interface and is passed to
 * buildApp (README "SMS").
 */
export interface SmsSender {
  sendLoginCode(phone: string, code: string): Promise<void>;
  sendAppointmentReminder(phone: string, reminder: AppointmentReminder): Promise<void>;
}

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendLoginCode(phone, code) {
      log.info({ phone }, `[sms] 登录验证码 ${code} 已发送至 ${phone}（5 分钟内有效）`);
    },
    async sendAppointmentReminder(phone, reminder) {
      log.info({ phone }, `[sms] 预约提醒 ${reminderText(reminder)}`);
    },
  };
}
