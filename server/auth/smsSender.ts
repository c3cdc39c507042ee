import type { FastifyBaseLogger } from 'fastify';

/**
 * Sends login codes. The default writes them to the server log (development and demo); a real SMS
 * provider implements the same interface and is passed to buildApp (README "SMS").
 */
export interface SmsSender {
  sendLoginCode(phone: string, code: string): Promise<void>;
}

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendLoginCode(phone, code) {
      log.info({ phone }, `[sms] 登录验证码 ${code} 已发送至 ${phone}（5 分钟内有效）`);
    },
  };
}
