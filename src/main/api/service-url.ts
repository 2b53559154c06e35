import { isLoopbackHost, LOOPBACK_HOSTS_IN_WORDS } from '../../shared/net/loopback-host';
import { completeServiceUrl } from '../../shared/net/service-url-completion';
import { ProxyServiceError } from './proxy-service-error';

/**
 * Checks a service base URL and returns it with exactly one trailing slash, so that endpoint paths
 * resolve under any prefix it carries (`https://host/api` and `https://host/api/` are the same).
 * Plain HTTP would send the bearer token in clear text, so it is allowed only on this machine.
 * An address typed without a scheme (`127.0.0.1:28787`) is completed first, as the form shows it.
 */
export function normaliseServiceUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(completeServiceUrl(input));
  } catch {
    throw invalid(
      `"${input.slice(0, 200)}" is not a valid URL. Enter an address like https://proxy.example.com/api.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(`The service URL must start with https:// (it starts with ${url.protocol}//).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid(
      `The service URL must use HTTPS: ${url.host} is not ${LOOPBACK_HOSTS_IN_WORDS}, and plain HTTP to it would expose your access token.`,
    );
  }
  if (url.username || url.password) {
    throw invalid('The service URL must not contain a user name or password.');
  }
  if (url.search || url.hash) {
    throw invalid('The service URL must not contain a query (?) or fragment (#).');
  }
  url.pathname = url.pathname.replace(/\/*$/, '/');
  return url;
}

/** Resolves an endpoint path such as `users/me` under the base URL's own path. */
export function endpointUrl(base: URL, path: string): string {
  return new URL(path.replace(/^\/+/, ''), base).toString();
}

function invalid(message: string): ProxyServiceError {
  return new ProxyServiceError('invalid_input', message);
}
