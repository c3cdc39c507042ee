import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../contract/envelope';
import type { ServerConfig } from '../config';
import { AppError } from '../http/errors';

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
 * Sends login codes and appointment reminders. A real SMS provider implements this interface and is
 * passed to buildApp (README "SMS"); without one, they are written to the server log in demo mode only.
 */
export interface SmsSender {
  sendLoginCode(phone: string, code: string): Promise<void>;
  sendAppointmentReminder(phone: string, reminder: AppointmentReminder): Promise<void>;
}

/** 40300: the installation cannot send codes, so captcha login is not available on it. */
export const SMS_NOT_CONFIGURED = '短信服务未配置，请使用密码登录';

function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendLoginCode(phone, code) {
      log.info({ phone }, `[sms] 登录验证码 ${code} 已发送至 ${phone}（5 分钟内有效）`);
    },
    async sendAppointmentReminder(phone, reminder) {
      log.info({ phone }, `[sms] 预约提醒 ${reminderText(reminder)}`);
    },
  };
}

/** The sender to use when buildApp gets none: the log in demo mode, otherwise none at all. */
export function defaultSmsSender(config: ServerConfig, log: FastifyBaseLogger): SmsSender | undefined {
  return config.smsSender === 'log' ? logSmsSender(log) : undefined;
}

/** The sender, or the 40300 saying that SMS is not set up. */
export function requireSms(sms: SmsSender | undefined): SmsSender {
  if (!sms) throw new AppError(ErrorCode.FORBIDDEN, SMS_NOT_CONFIGURED);
  return sms;
}
