import { AppError } from '../http/errors';
import { ErrorCode } from '../../contract/envelope';

const clock = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayAndClock = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "请在 40 秒后重试" / "请在 14 分钟后（17:20）重试" / "请在 11/24 09:15 后重试", in Asia/Shanghai time. */
function whenToRetry(retryAt: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  if (seconds <= 90) return `请在 ${seconds} 秒后重试`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `请在 ${minutes} 分钟后（${clock.format(retryAt)}）重试`;
  return `请在 ${dayAndClock.format(retryAt)} 后重试`;
}

/** 42900 saying why and when to retry; data.retryAfter is the wait in seconds for programs. */
export function tooManyUntil(reason: string, retryAt: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new AppError(ErrorCode.TOO_MANY_REQUESTS, `${reason}，${whenToRetry(retryAt, now)}`, { retryAfter });
}
