import { normaliseServiceUrl } from '../api/service-url';

/**
 * The stable id of an account at its normalised service URL: its user uuid
 * (`0b6f…@https://proxy.example.com/api/`), or, for a service that sends none, its username
 * (`name:alice@https://…`). It holds nothing secret, reads well in a keychain viewer, and is the
 * account name of its token there. Throws the service client's 'invalid_input' ProxyServiceError
 * for a URL the client would refuse.
 */
export function accountIdFor(
  serviceUrl: string,
  user: { uuid: string | null; username: string },
): string {
  const key = user.uuid === null ? `name:${user.username}` : user.uuid.trim().toLowerCase();
  return `${key}@${normaliseServiceUrl(serviceUrl).href}`;
}
