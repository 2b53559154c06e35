import axios, { type AxiosInstance, type Method } from 'axios';
import axiosRetry from 'axios-retry';
import { z } from 'zod';
import {
  labelUpdateSchema,
  rotateIntervalUpdateSchema,
  rotationUpdateSchema,
  type User,
} from '../../shared/api';
import { decodePlanListing, type PlanListing } from './decoding/listing-decoder';
import { intervalField, readUpdateAnswer, rotationField } from './decoding/update-answers';
import { decodeUser } from './decoding/user-decoder';
import { toServiceError } from './error-mapping';
import { ProgressDeadline } from './progress-deadline';
import { ProxyServiceError } from './proxy-service-error';
import { badResponse, decodeResponse, unreadableAccount } from './response-decoding';
import { MAX_RESPONSE_BYTES } from './response-limits';
import { retryPolicy } from './retry-policy';
import { endpointUrl, normaliseServiceUrl } from './service-url';
import { unconfirmedOutcome, wasMaybeApplied } from './unconfirmed-outcome';

export { ProxyServiceError, type ProxyServiceErrorKind } from './proxy-service-error';
export type { PlanListing } from './decoding/listing-decoder';

export interface ProxyServiceClient {
  /** GET /users/me */
  getAccount(signal?: AbortSignal): Promise<User>;
  /** POST /users/me: authenticates with the token and returns the user record. */
  verifyToken(signal?: AbortSignal): Promise<User>;
  /** GET /users/plans: every plan and proxy that could be read, and what could not. */
  listPlans(signal?: AbortSignal): Promise<PlanListing>;
  /** PUT /proxies/update_rotation; resolves to the value now in effect. */
  setRotation(id: number, isRotating: boolean): Promise<boolean>;
  /** PUT /proxies/update_rotate_interval; resolves to the interval now in effect. */
  setRotateInterval(id: number, seconds: number): Promise<number>;
  /** PUT /proxies/update_label */
  setLabel(id: number, label: string): Promise<void>;
}

export interface ProxyServiceClientOptions {
  baseUrl: string;
  token: string;
  /**
   * Deadline of one call, retries and their waits included; for the plan listing, a deadline on
   * no progress instead (no byte for this long), so that a large listing on a slow link loads.
   */
  timeoutMs?: number;
  /** The plan listing's overall limit, however steadily it arrives. */
  listingCapMs?: number;
  /** Further tries after a passing failure (network, 429, 502/503/504). */
  maxRetries?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_LISTING_CAP_MS = 10 * 60_000;
export const DEFAULT_MAX_RETRIES = 3;
const MAX_TIMEOUT_MS = 10 * 60_000;
const MAX_LISTING_CAP_MS = 60 * 60_000;
const MAX_RETRIES = 10;

const optionsSchema = z.object({
  timeoutMs: z
    .number('The timeout must be a number of milliseconds.')
    .positive('The timeout must be positive.')
    .max(MAX_TIMEOUT_MS, 'The timeout must be at most 10 minutes.')
    .default(DEFAULT_TIMEOUT_MS),
  listingCapMs: z
    .number('The listing limit must be a number of milliseconds.')
    .positive('The listing limit must be positive.')
    .max(MAX_LISTING_CAP_MS, 'The listing limit must be at most an hour.')
    .default(DEFAULT_LISTING_CAP_MS),
  maxRetries: z
    .int('The retry count must be a whole number.')
    .min(0, 'The retry count cannot be negative.')
    .max(MAX_RETRIES, `The retry count must be at most ${MAX_RETRIES}.`)
    .default(DEFAULT_MAX_RETRIES),
});

/** Printable ASCII without spaces: what an HTTP header value and a JWT can hold. */
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

interface CallSpec<Value> {
  method: Method;
  path: string;
  action: string;
  /** Reads a 2xx answer's text. */
  read: (text: string) => Value;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The deadline is on no progress (the listing), not on the whole call. */
  progressive?: boolean;
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
  const { timeoutMs, listingCapMs, maxRetries } = parseOrInvalid(optionsSchema, {
    timeoutMs: opts.timeoutMs,
    listingCapMs: opts.listingCapMs,
    maxRetries: opts.maxRetries,
  });
  const http = createHttp(token);
  const secrets = [token];

  async function call<Value>(spec: CallSpec<Value>): Promise<Value> {
    const callerSignal = spec.signal;
    callerSignal?.throwIfAborted();
    const capMs = spec.progressive ? listingCapMs : timeoutMs;
    const capAt = Date.now() + capMs;
    const deadline = new ProgressDeadline({ idleMs: timeoutMs, capMs });
    const signal = callerSignal
      ? AbortSignal.any([callerSignal, deadline.signal])
      : deadline.signal;
    const progressed = spec.progressive ? () => deadline.progressed() : undefined;
    try {
      const response = await http.request<string>({
        method: spec.method,
        url: endpointUrl(baseUrl, spec.path),
        data: spec.body,
        // `false` stops axios from labelling an empty POST as a form; a body is always JSON.
        headers: { 'Content-Type': spec.body === undefined ? false : 'application/json' },
        signal,
        ...(progressed ? { onDownloadProgress: progressed } : {}),
        'axios-retry': retryPolicy({
          retries: maxRetries,
          // A retry's wait must end before the call gives up, and (for the listing) before the
          // idle deadline, which restarts when the retry begins.
          deadlineAt: () => (progressed ? Math.min(capAt, Date.now() + timeoutMs) : capAt),
          ...(progressed ? { onRetry: progressed } : {}),
        }),
      });
      return spec.read(response.data);
    } catch (error) {
      // The caller's own cancellation is not a failure: it rejects with the caller's reason,
      // as fetch does.
      if (callerSignal?.aborted) throw callerSignal.reason;
      const isUpdate = spec.method === 'PUT';
      if (deadline.reason) {
        if (isUpdate) throw unconfirmedOutcome(spec.action, 'the service did not answer in time');
        throw new ProxyServiceError(
          'timeout',
          timeoutMessage(spec, deadline.reason, timeoutMs, capMs),
        );
      }
      if (isUpdate && wasMaybeApplied(error)) {
        throw unconfirmedOutcome(spec.action, 'the connection broke before its answer arrived');
      }
      throw toServiceError(error, { action: spec.action, host: baseUrl.host, secrets });
    } finally {
      deadline.dispose();
    }
  }

  const readAccount = (text: string) => decodeResponse(text, decodeUser, unreadableAccount);

  return {
    getAccount: (signal) =>
      call({
        // Stryker disable next-line StringLiteral: axios sends a request without a method as GET
        method: 'GET',
        path: 'users/me',
        action: 'Loading your account',
        read: readAccount,
        signal,
      }),

    verifyToken: (signal) =>
      call({
        method: 'POST',
        path: 'users/me',
        action: 'Checking the access token',
        read: readAccount,
        signal,
      }),

    listPlans: (signal) => {
      const action = 'Loading your plans';
      return call({
        // Stryker disable next-line StringLiteral: axios sends a request without a method as GET
        method: 'GET',
        path: 'users/plans',
        action,
        read: (text) =>
          decodeResponse(text, decodePlanListing, (detail) => badResponse(action, detail)),
        signal,
        progressive: true,
      });
    },

    async setRotation(id, isRotating) {
      const body = parseOrInvalid(rotationUpdateSchema, { id, is_rotating: isRotating });
      const action = `Turning rotation ${isRotating ? 'on' : 'off'}`;
      return call({
        method: 'PUT',
        path: 'proxies/update_rotation',
        action,
        read: (text) => applied(action, readUpdateAnswer(text, isRotating, rotationField)),
        body,
      });
    },

    async setRotateInterval(id, seconds) {
      const body = parseOrInvalid(rotateIntervalUpdateSchema, { id, rotate_interval: seconds });
      const action = 'Setting the rotation interval';
      return call({
        method: 'PUT',
        path: 'proxies/update_rotate_interval',
        action,
        read: (text) => applied(action, readUpdateAnswer(text, seconds, intervalField)),
        body,
      });
    },

    async setLabel(id, label) {
      const body = parseOrInvalid(labelUpdateSchema, { id, label });
      const action = 'Setting the label';
      await call({
        method: 'PUT',
        path: 'proxies/update_label',
        action,
        read: (text) => applied(action, readUpdateAnswer(text, label)),
        body,
      });
    },
  };
}

/** The value now in effect, or the refusal the answer said. */
function applied<Value>(action: string, answer: ReturnType<typeof readUpdateAnswer<Value>>): Value {
  if (answer.applied) return answer.value;
  const said = answer.explanation ? ` The service said: "${answer.explanation}".` : '';
  throw new ProxyServiceError(
    'server',
    `${action} failed: the service answered that it did not apply it.${said}`,
  );
}

function timeoutMessage(
  spec: CallSpec<unknown>,
  reason: 'idle' | 'cap',
  timeoutMs: number,
  capMs: number,
): string {
  // The same words for a request that got nothing back and a listing that stopped arriving: the
  // user waited the client's timeout for an answer that did not come (not "offline").
  if (!spec.progressive || reason === 'idle') {
    return `${spec.action} failed: the service did not answer in ${formatDuration(timeoutMs)}.`;
  }
  return `${spec.action} failed: the answer did not finish arriving within ${formatDuration(capMs)}.`;
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
    // Stryker disable next-line StringLiteral: Node's adapter reads any type but arraybuffer/stream as text
    responseType: 'text',
    // Stryker disable next-line ArrayDeclaration: no transform at all leaves the text as the identity does
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
  // Request schemas and the options schema carry sentences of their own as messages. A failed
  // parse has at least one issue, so 'Invalid input.' is never shown (its mutant is equivalent).
  // Stryker disable next-line OptionalChaining: a failed zod parse always reports an issue
  throw new ProxyServiceError('invalid_input', result.error.issues[0]?.message ?? 'Invalid input.');
}

function formatDuration(ms: number): string {
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
