import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../contract/envelope';
import type { ServerConfig } from '../config';
import { AppError } from '../http/errors';

/**
 * Sends login codes. A real SMS provider implements this interface and is passed to buildApp
 * (README "SMS"); without one, codes are written to the server log in demo mode only.
 */
export interface SmsSender {
  sendLoginCode(phone: string, code: string): Promise<void>;
}

/** 40300: the installation cannot send codes, so captcha login is not available on it. */
export const SMS_NOT_CONFIGURED = '短信服务未配置，请使用密码登录';

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendLoginCode(phone, code) {
      log.info({ phone }, `[sms] 登录验证码 ${code} 已发送至 ${phone}（5 分钟内有效）`);
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
