import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { message } from 'antd';
import type { HttpError } from '@refinedev/core';
import { API } from '../../contract/api';
import { ErrorCode, SESSION_CODES, type Envelope, type FieldError } from '../../contract/envelope';
import { getToken } from './session';
import { isSessionExpiredModalOpen, showSessionExpiredModal } from './sessionExpiredModal';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Reject without toast or modal: for best-effort calls (logout) whose failure changes nothing. */
    silent?: boolean;
    /** A GraphQL call: the answer is { data, errors } rather than the envelope (src/providers/graphql). */
    graphql?: boolean;
  }
}

/** docs/console.md: error toasts stay 5 seconds. */
const ERROR_TOAST_SECONDS = 5;
/** docs/console.md texts for a failure without a server message. */
const FALLBACK_ERROR = 'Error';
const FALLBACK_REQUEST_ERROR = 'Request Error';

/** A rejected call: refine's HttpError plus the envelope code (0 when the server sent none). */
export interface ApiError extends HttpError {
  code: number;
  errors?: Record<string, string>;
}

export const http = axios.create({ baseURL: import.meta.env.VITE_API_BASE ?? '' });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  return config;
});

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number' && 'data' in body;
}

/** The guard handles a failed user-info call itself (forced logout), so it never gets the modal. */
function isUserInfoCall(config: AxiosRequestConfig | undefined): boolean {
  return (config?.url ?? '').split('?')[0].endsWith(API.userInfo);
}

/** data.fields of a 40000 answer as refine's {field: message}, the first message of each field. */
function fieldErrors(data: unknown): Record<string, string> | undefined {
  const fields = (data as { fields?: FieldError[] } | null)?.fields;
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const errors: Record<string, string> = {};
  for (const f of fields) errors[f.field] ??= f.message;
  return errors;
}

/**
 * A failure's one notice. An ended session brings up the "确认登出" dialog alone (the user-info call
 * excepted: the guard logs out, and the toast says why on the login page); while the dialog is up,
 * every other failure is a consequence of the ended session, so no toast stacks over it.
 */
function reject(config: AxiosRequestConfig | undefined, error: ApiError, sessionEnded: boolean): Promise<never> {
  if (config?.silent) return Promise.reject(error);
  if (sessionEnded && !isUserInfoCall(config)) showSessionExpiredModal();
  else if (!isSessionExpiredModalOpen()) message.error(error.message, ERROR_TOAST_SECONDS);
  return Promise.reject(error);
}

function rejectEnvelope(envelope: Envelope, status: number, config: AxiosRequestConfig | undefined): Promise<never> {
  const error: ApiError = {
    message: envelope.msg || FALLBACK_ERROR,
    statusCode: status,
    code: envelope.code,
    errors: fieldErrors(envelope.data),
  };
  return reject(config, error, SESSION_CODES.includes(envelope.code));
}

interface GraphQLAnswer {
  data?: unknown;
  errors?: { message?: string; extensions?: { code?: unknown } }[];
}

/** The first error of a GraphQL answer as an envelope, so it toasts and ends sessions like REST; undefined when there is none. */
function graphqlFailure(body: unknown): Envelope | undefined {
  const first = (body as GraphQLAnswer | null)?.errors?.[0];
  if (!first) return undefined;
  const code = first.extensions?.code;
  return { code: typeof code === 'number' ? code : ErrorCode.INTERNAL, msg: first.message || FALLBACK_ERROR, data: null };
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    // Spreadsheet exports and other binary bodies are not wrapped.
    if (response.config.responseType && response.config.responseType !== 'json') return response;
    const body: unknown = response.data;
    if (response.config.graphql) {
      const failure = graphqlFailure(body);
      if (failure) return rejectEnvelope(failure, response.status, response.config);
      response.data = (body as GraphQLAnswer).data;
      return response;
    }
    if (!isEnvelope(body)) return reject(response.config, { message: FALLBACK_REQUEST_ERROR, statusCode: response.status, code: 0 }, false);
    if (body.code !== ErrorCode.OK) return rejectEnvelope(body, response.status, response.config);
    // Unwrapped so refine's simple-rest reads rows from data and the total from the x-total-count header.
    response.data = body.data;
    return response;
  },
  (error: AxiosError) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    const { response, config } = error;
    // A refused download (responseType blob) carries its envelope as a blob: read it for the message.
    if (response && response.data instanceof Blob && response.data.type.includes('json')) {
      return response.data.text().then((text) => {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON after all: the generic message below.
        }
        return isEnvelope(body)
          ? rejectEnvelope(body, response.status, config)
          : reject(config, { message: FALLBACK_REQUEST_ERROR, statusCode: response.status, code: 0 }, false);
      });
    }
    if (response && isEnvelope(response.data)) return rejectEnvelope(response.data, response.status, config);
    const failure = response && config?.graphql ? graphqlFailure(response.data) : undefined;
    if (failure) return rejectEnvelope(failure, response!.status, config);
    // No envelope: a proxy's error page, a dropped connection, a timeout.
    const body = response?.data as { msg?: unknown; message?: unknown } | undefined;
    const text =
      typeof body?.msg === 'string' && body.msg
        ? body.msg
        : typeof body?.message === 'string' && body.message
          ? body.message
          : FALLBACK_REQUEST_ERROR;
    const status = response?.status ?? 0;
    return reject(config, { message: text, statusCode: status, code: 0 }, status === 401);
  },
);

/** The calls of docs/api.md answer the unwrapped `data`. */
export const api = {
  async post<T = unknown>(path: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
    return (await http.post<T>(path, body, config)).data;
  },
  async get<T = unknown>(path: string, params?: Record<string, unknown>, config?: AxiosRequestConfig): Promise<T> {
    return (await http.get<T>(path, { ...config, params })).data;
  },
};
