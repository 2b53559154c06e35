import { normaliseServiceUrl } from '../api/service-url';

/**
 * The stable id of an account: its user uuid at its normalised service URL
 * (`0b6f…@https://proxy.example.com/api/`). It holds nothing secret, reads well in a keychain
 * viewer, and is the account name of its token there. Throws the service client's
 * 'invalid_input' ProxyServiceError for a URL the client would refuse.
 */
export function accountIdFor(serviceUrl: string, userUuid: string): string {
  return `${userUuid.trim().toLowerCase()}@${normaliseServiceUrl(serviceUrl).href}`;
}
