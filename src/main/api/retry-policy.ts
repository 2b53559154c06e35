import { isCancel, type AxiosError } from 'axios';
import { exponentialDelay, isNetworkError, retryAfter, type IAxiosRetryConfig } from 'axios-retry';

/** First retry after about this long, then doubling, each with up to 20 % jitter (axios-retry). */
export const RETRY_BASE_DELAY_MS = 250;
/** A `Retry-After` longer than this is not waited out: the caller hears `rate_limited` at once. */
export const MAX_RETRY_AFTER_MS = 30_000;

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * The retry rules of one call. Every request this client makes is safe to repeat (reads, and PUTs
 * that set a value), so the method does not matter; what matters is whether the failure is passing
 * and whether waiting for the next try still fits in the call's deadline.
 */
export function retryPolicy(options: {
  retries: number;
  /** When the call gives up, as of now: a retry whose wait ends later is not made. */
  deadlineAt: () => number;
  /** Told when a retry begins (its wait is about to start). */
  onRetry?: () => void;
}): IAxiosRetryConfig {
  let retriesGranted = 0;
  let nextDelayMs = 0;
  return {
    retries: options.retries,
    retryCondition(error: AxiosError) {
      if (!isPassingFailure(error)) return false;
      const serverWaitMs = retryAfter(error);
      if (serverWaitMs > MAX_RETRY_AFTER_MS) return false;
      const delayMs = exponentialDelay(retriesGranted, error, RETRY_BASE_DELAY_MS);
      if (Date.now() + delayMs >= options.deadlineAt()) return false;
      retriesGranted += 1;
      nextDelayMs = delayMs;
      return true;
    },
    retryDelay: () => nextDelayMs,
    onRetry: () => options.onRetry?.(),
  };
}

function isPassingFailure(error: AxiosError): boolean {
  // Equivalent mutants (condition `false`, or `return true`): isNetworkError refuses a cancel too,
  // and a retry of a cancelled request is cancelled again before anything is sent.
  if (isCancel(error)) return false;
  const status = error.response?.status;
  if (status !== undefined) return RETRYABLE_STATUSES.has(status);
  return isNetworkError(error);
}
