import { isLoopbackHost } from './loopback-host';

/**
 * A service URL typed without a scheme (`api.example.com/v1`, `127.0.0.1:28787`) completed the way
 * the user means it: `https://`, or `http://` for this computer, where the reference service and
 * local test services listen without TLS. Anything else is left as typed, so the URL check that
 * follows still refuses plain HTTP to another computer with its own words.
 */
export function completeServiceUrl(input: string): string {
  const typed = input.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(typed)) return typed;
  let hostname: string;
  try {
    hostname = new URL(`http://${typed}`).hostname;
  } catch {
    // Not an address even with a scheme (nothing typed, say): the check after this says why.
    return typed;
  }
  return `${isLoopbackHost(hostname) ? 'http' : 'https'}://${typed}`;
}
