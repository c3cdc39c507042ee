import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginCaptchaSchema } from '../../contract/auth';
import { ErrorCode } from '../../contract/envelope';
import type { Tx } from '../db/client';
import { captchas } from '../db/schema';
import { audit } from '../audit/audit';
import { AppError, invalid } from '../http/errors';
import { lockPhone } from './loginThrottle';
import { activeAccountByPhone, openSession, tokenOf, type LoginOutcome } from './login';
import { tooManyUntil } from './retryAfter';
import { requireSms } from './smsSender';

export const CAPTCHA_TTL_MINUTES = 5;
const CAPTCHA_RESEND_SECONDS = 60;
export const CAPTCHA_DAILY_MAX = 10;
export const CAPTCHA_MAX_TRIES = 5;

/** One message for every captcha-login failure, so it tells nothing about the phone. */
export const CAPTCHA_FAILED = '验证码错误或已失效，请重新获取';

/** Six digits are easy to enumerate, so the hash is salted with the phone it was sent to. */
function hashCode(phone: string, code: string): string {
  return crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

async function dbNow(tx: Tx): Promise<Date> {
  const { rows } = await tx.execute<{ now: Date }>(sql`select now() as now`);
  return new Date(rows[0].now);
}

/** The 42900 for a phone that asked too soon or too often in the last 24 hours, or null. */
async function captchaQuota(tx: Tx, phone: string): Promise<AppError | null> {
  const now = await dbNow(tx);
  const recent = await tx
    .select({ createdAt: captchas.createdAt })
    .from(captchas)
    .where(sql`${captchas.phone} = ${phone} and ${captchas.createdAt} > now() - interval '24 hours'`)
    .orderBy(desc(captchas.createdAt))
    .limit(CAPTCHA_DAILY_MAX);
  const last = recent[0]?.createdAt;
  if (last && now.getTime() - last.getTime() < CAPTCHA_RESEND_SECONDS * 1000) {
    return tooManyUntil('验证码已发送，请勿频繁获取', new Date(last.getTime() + CAPTCHA_RESEND_SECONDS * 1000), now);
  }
  if (recent.length >= CAPTCHA_DAILY_MAX) {
    const oldest = recent[CAPTCHA_DAILY_MAX - 1].createdAt;
    return tooManyUntil(`24 小时内最多获取 ${CAPTCHA_DAILY_MAX} 次验证码`, new Date(oldest.getTime() + 86_400_000), now);
  }
  return null;
}

/**
 * Issues a login code. Unknown and disabled phones get the same answer and the same limits (a code
 * is stored that nobody receives), so the call reveals nothing about which phones have accounts.
 */
export async function sendLoginCaptcha(req: FastifyRequest, phone: string): Promise<void> {
  const { db } = req.server;
  const sms = requireSms(req.server.sms);
  const refusal = await db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const quota = await captchaQuota(tx, phone);
    if (quota) return quota;
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await tx
      .insert(captchas)
      .values({ phone, codeHash: hashCode(phone, code), expiresAt: sql`now() + make_interval(mins => ${CAPTCHA_TTL_MINUTES}::int)` });
    const account = await activeAccountByPhone(tx, phone);
    if (!account) {
      await audit(tx, req, { action: 'captcha-skipped', entity: 'account', summary: `${phone} 未注册或已停用，未发送验证码` });
      return null;
    }
    await audit(tx, req, {
      action: 'captcha-sent',
      entity: 'account',
      entityId: account.id,
      accountId: account.id,
      summary: `登录验证码已发送至 ${phone}`,
    });
    try {
      // Sent inside the transaction: if the provider fails, the code is not kept and the 60 s wait does not start.
      await sms.sendLoginCode(phone, code);
    } catch (err) {
      req.log.error({ err, phone }, 'sms provider failed');
      throw new AppError(ErrorCode.INTERNAL, '验证码发送失败，请稍后重试');
    }
    return null;
  });
  if (refusal) throw refusal;
}

/**
 * Logs in with the phone's newest code; a code works once and dies after CAPTCHA_MAX_TRIES wrong tries.
 * The password lock-out does not apply: the code proves the caller holds the phone, and guessing is
 * bounded by the tries per code and the codes per day.
 */
export async function loginWithCaptcha(req: FastifyRequest, input: z.output<typeof loginCaptchaSchema>): Promise<string> {
  const { phone, captcha } = input;
  requireSms(req.server.sms);
  const outcome = await req.server.db.transaction(async (tx): Promise<LoginOutcome> => {
    await lockPhone(tx, phone);
    const fail = async (reason: string): Promise<LoginOutcome> => {
      await audit(tx, req, { action: 'login-failed', entity: 'account', summary: `验证码登录 ${phone}：${reason}` });
      return { error: invalid(CAPTCHA_FAILED) };
    };
    const [code] = await tx
      .select({
        id: captchas.id,
        codeHash: captchas.codeHash,
        usedAt: captchas.usedAt,
        failedTries: captchas.failedTries,
        live: sql<boolean>`${captchas.expiresAt} > now()`,
      })
      .from(captchas)
      .where(eq(captchas.phone, phone))
      .orderBy(desc(captchas.createdAt), desc(captchas.id))
      .limit(1);
    if (!code) return fail('没有验证码');
    if (code.usedAt) return fail('验证码已使用');
    if (!code.live) return fail('验证码已过期');
    if (code.failedTries >= CAPTCHA_MAX_TRIES) return fail('错误次数过多，验证码已失效');
    if (!crypto.timingSafeEqual(Buffer.from(hashCode(phone, captcha)), Buffer.from(code.codeHash))) {
      await tx
        .update(captchas)
        .set({ failedTries: sql`${captchas.failedTries} + 1` })
        .where(eq(captchas.id, code.id));
      return fail('验证码错误');
    }
    await tx
      .update(captchas)
      .set({ usedAt: sql`now()` })
      .where(eq(captchas.id, code.id));
    const account = await activeAccountByPhone(tx, phone);
    if (!account) return fail('手机号未注册或已停用');
    return openSession(tx, req, account.id, '验证码登录');
  });
  return tokenOf(outcome);
}
