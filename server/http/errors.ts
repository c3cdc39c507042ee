import { ErrorCode, HTTP_STATUS_OF_CODE, type ErrorCodeValue, type FieldError } from '../../contract/envelope';

/** A failure the client should see: its code, Chinese message and optional data. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
  get httpStatus(): number {
    return HTTP_STATUS_OF_CODE[this.code];
  }
}

export const invalid = (msg: string, fields: FieldError[] = []) => new AppError(ErrorCode.INVALID_INPUT, msg, { fields });
export const forbidden = (msg = '没有权限执行此操作') => new AppError(ErrorCode.FORBIDDEN, msg);
export const notFound = (msg = '记录不存在') => new AppError(ErrorCode.NOT_FOUND, msg);
export const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);
export const tooMany = (msg: string) => new AppError(ErrorCode.TOO_MANY_REQUESTS, msg);
