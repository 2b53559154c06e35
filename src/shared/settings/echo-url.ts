import { isLoopbackHost, LOOPBACK_HOSTS_IN_WORDS } from '../net/loopback-host';

/**
 * Why an IP-echo URL cannot be used, or undefined when it can. Unless it is this computer by
 * address (isLoopbackHost, the service URL's rule too) it must be HTTPS: over plain HTTP anyone
 * between the proxy and the echo could forge the exit IP the check reports.
 */
export function echoUrlProblem(text: string): string | undefined {
  if (!URL.canParse(text))
    return 'The IP echo URL must be a full address such as https://api64.ipify.org.';
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The IP echo URL must start with https://.';
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return `The IP echo URL must use HTTPS: ${url.host} is not ${LOOPBACK_HOSTS_IN_WORDS}.`;
  }
  if (url.username || url.password)
    return 'The IP echo URL must not contain a user name or password.';
  return undefined;
}
