/**
 * Whether a URL's hostname names this computer. Plain HTTP is allowed only there: off this machine
 * it would expose a token (the service) or let anyone on the path forge an answer (the IP echo).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}
