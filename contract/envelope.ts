/** Every response is { code, msg, data }; code 0 is success (docs/api.md). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ErrorCode = {
  OK: 0,
  INVALID_INPUT: 40000,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_MANY_REQUESTS: 42900,
  INTERNAL: 50000,
  ILLEGAL_TOKEN: 50008,
  SESSION_ENDED: 50012,
  TOKEN_EXPIRED: 50014,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The codes that bring up the session-expired modal (docs/console.md). */
export const SESSION_CODES: readonly number[] = [ErrorCode.ILLEGAL_TOKEN, ErrorCode.SESSION_ENDED, ErrorCode.TOKEN_EXPIRED];

export const HTTP_STATUS_OF_CODE: Record<ErrorCodeValue, number> = {
  0: 200,
  40000: 400,
  40300: 403,
  40400: 404,
  40900: 409,
  42900: 429,
  50000: 500,
  50008: 401,
  50012: 401,
  50014: 401,
};

/** One bad field of a 40000 answer: `data.fields`. */
export interface FieldError {
  field: string;
  message: string;
}

export const TOTAL_COUNT_HEADER = 'x-total-count';
