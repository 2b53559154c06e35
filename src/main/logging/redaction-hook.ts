import type { Hook, LogMessage } from 'electron-log';
import { redactLogValue, type RedactText } from './redact-log-value';

/**
 * An electron-log hook that redacts every argument of a log call before any transport formats
 * it: installed on the logger itself, it covers the services' lines, the glue's direct calls
 * and uncaught errors alike. electron-log runs hooks once per transport, on the message as
 * logged; the copy returned here is what that transport writes.
 */
export function redactionHook(redactText: RedactText): Hook {
  return (message: LogMessage): LogMessage => ({
    ...message,
    data: message.data.map((item: unknown) => redactLogValue(item, redactText)),
  });
}
