import axios, { type AxiosInstance, type Method } from 'axios';
import { z } from 'zod';
import {
  labelResultSchema,
  labelUpdateSchema,
  planListSchema,
  rotateIntervalResultSchema,
  rotateIntervalUpdateSchema,
  rotationResultSchema,
  rotationUpdateSchema,
  userSchema,
  type Plan,
  type User,
} from '../../shared/api';
import { toServiceError } from './error-mapping';
import { ProxyServiceError } from './proxy-service-error';
import { decodeResponse } from './response-decoding';
import { retryPolicy } from './retry-policy';
import { endpointUrl, normaliseServiceUrl } from './service-url';
import axiosRetry from 'axios-retry';

export { ProxyServiceError, type ProxyServiceErrorKind } from './proxy-service-error';

export interface ProxyServiceClient {
  /** GET /users/me */
  getAccount(signal?: AbortSignal): Promise<User>;
  /** POST /users/me: authenticates with the token and returns the user record. */
  verifyToken(signal?: AbortSignal): Promise<User>;
  /** GET /users/plans */
  listPlans(signal?: AbortSignal): Promise<Plan[]>;
  /** PUT /proxies/update_rotation; resolves to the value now in effect. */
  setRotation(id: number, isRotating: boolean): Promise<boolean>;
  /** PUT /proxies/update_rotate_interval */
  setRotateInterval(id: number, seconds: number): Promise<void>;
  /** PUT /proxies/update_label */
  setLabel(id: number, label: string): Promise<void>;
}

export interface ProxyServiceClientOptions {
  baseUrl: string;
  token: string;
  /** Deadline of one call, retries and their waits included. */
  timeoutMs?: number;
  /** Further tries after a passing failure (network, 429, 502/503/504). */
  maxRetries?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_RETRIES = 3;
const MAX_TIMEOUT_MS = 10 * 60_000;
const MAX_RETRIES = 10;
/** A 10,000-proxy listing is about 3 MB; anything far beyond is not a listing. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const optionsSchema = z.object({
  timeoutMs: z
    .number('The timeout must be a number of milliseconds.')
    .positive('The timeout must be positive.')
    .max(MAX_TIMEOUT_MS, 'The timeout must be at most 10 minutes.')
    .default(DEFAULT_TIMEOUT_MS),
  maxRetries: z
    .int('The retry count must be a whole number.')
    .min(0, 'The retry count cannot be negative.')
    .max(MAX_RETRIES, `The retry count must be at most ${MAX_RETRIES}.`)
    .default(DEFAULT_MAX_RETRIES),
});

/** Printable ASCII without spaces: what an HTTP header value and a JWT can hold. */
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

interface CallSpec<Schema extends z.ZodType> {
  method: Method;
  path: string;
  action: string;
  schema: Schema;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export function createProxyServiceClient(opts: ProxyServiceClientOptions): ProxyServiceClient {
  const baseUrl = normaliseServiceUrl(opts.baseUrl);
  const token = opts.token.trim();
  if (!TOKEN_SHAPE.test(token)) {
    throw new ProxyServiceError(
      'invalid_input',
      'The access token is empty or contains spaces or line breaks. Copy it again from your account settings.',
    );
  }
  const { timeoutMs, maxRetries } = parseOrInvalid(optionsSchema, {
    timeoutMs: opts.timeoutMs,
    maxRetries: opts.maxRetries,
  });
  const http = createHttp(token);
  const secrets = [token];

  async function call<Schema extends z.ZodType>(spec: CallSpec<Schema>): Promise<z.infer<Schema>> {
    const callerSignal = spec.signal;
    callerSignal?.throwIfAborted();
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
    try {
      const response = await http.request<string>({
        method: spec.method,
        url: endpointUrl(baseUrl, spec.path),
        data: spec.body,
        // `false` stops axios from labelling an empty POST as a form; a body is always JSON.
        headers: { 'Content-Type': spec.body === undefined ? false : 'application/json' },
        signal,
        'axios-retry': retryPolicy({ retries: maxRetries, deadlineAt: Date.now() + timeoutMs }),
      });
      return decodeResponse(response.data, spec.schema, spec.action);
    } catch (error) {
      // The caller's own cancellation is not a failure: it rejects with the caller's reason,
      // as fetch does.
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (deadline.aborted) {
        throw new ProxyServiceError(
          'timeout',
          `${spec.action} failed: the service did not answer within ${formatSeconds(timeoutMs)}.`,
        );
      }
      throw toServiceError(error, { action: spec.action, host: baseUrl.host, secrets });
    }
  }

  return {
    getAccount: (signal) =>
      call({
        method: 'GET',
        path: 'users/me',
        action: 'Loading your account',
        schema: userSchema,
        signal,
      }),

    verifyToken: (signal) =>
      call({
        method: 'POST',
        path: 'users/me',
        action: 'Checking the access token',
        schema: userSchema,
        signal,
      }),

    listPlans: (signal) =>
      call({
        method: 'GET',
        path: 'users/plans',
        action: 'Loading your plans',
        schema: planListSchema,
        signal,
      }),

    async setRotation(id, isRotating) {
      const body = parseOrInvalid(rotationUpdateSchema, { id, is_rotating: isRotating });
      const result = await call({
        method: 'PUT',
        path: 'proxies/update_rotation',
        action: `Turning rotation ${isRotating ? 'on' : 'off'} for proxy ${id}`,
        schema: rotationResultSchema,
        body,
      });
      return result.is_rotating;
    },

    async setRotateInterval(id, seconds) {
      const body = parseOrInvalid(rotateIntervalUpdateSchema, { id, rotate_interval: seconds });
      const action = `Setting the rotation interval of proxy ${id}`;
      const result = await call({
        method: 'PUT',
        path: 'proxies/update_rotate_interval',
        action,
        schema: rotateIntervalResultSchema,
        body,
      });
      if (!result.success) {
        throw new ProxyServiceError(
          'server',
          `${action} failed: the service did not apply it (it answered success: false).`,
        );
      }
    },

    async setLabel(id, label) {
      const body = parseOrInvalid(labelUpdateSchema, { id, label });
      await call({
        method: 'PUT',
        path: 'proxies/update_label',
        action: `Setting the label of proxy ${id}`,
        schema: labelResultSchema,
        body,
      });
    },
  };
}

function createHttp(token: string): AxiosInstance {
  const http = axios.create({
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      'User-Agent': 'ProxyTray',
    },
    // Bodies are read as text and decoded here, so that a malformed answer is a bad_response and
    // an error page's text can be shown.
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    // A redirect could carry the token to another host or to plain HTTP: never follow one.
    maxRedirects: 0,
    // Environment proxy variables are for the user's proxied tools, not for the account API.
    proxy: false,
    maxContentLength: MAX_RESPONSE_BYTES,
  });
  axiosRetry(http);
  return http;
}

function parseOrInvalid<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Request schemas and the options schema carry sentences of their own as messages.
  throw new ProxyServiceError('invalid_input', result.error.issues[0]?.message ?? 'Invalid input.');
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
