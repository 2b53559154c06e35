import { CURL_CHECK_URL, type CopyFormat } from './copy-formats';
import { renderTemplate, TemplateError } from './copy-template';
import { chooseHost } from './host-choices';
import type { HostChoice } from './host-choices';
import type { ProxyCredentials } from './proxy-credentials';
import { quoteForPosixShell } from './shell-quote';
import { encodeUserinfo, hostAndPort } from './url-parts';

export interface FormatOptions {
  readonly format: CopyFormat;
  readonly hostChoice: HostChoice;
  /** Required for the `custom` format; see copy-template.ts for its syntax. */
  readonly template?: string;
}

/**
 * The text copied for a proxy. Plain forms carry the username and password as they are (that is
 * what tools reading `ip:port:user:pass` expect); URL forms percent-encode them so that any
 * character survives a URL parser. Throws TemplateError, with a message for the user, when the
 * custom template is missing or invalid.
 */
export function formatCredentials(proxy: ProxyCredentials, options: FormatOptions): string {
  const host = chooseHost(proxy, options.hostChoice);
  const { port, username, password } = proxy;
  const proxyUrl = (scheme: string) =>
    `${scheme}://${encodeUserinfo(username)}:${encodeUserinfo(password)}@${hostAndPort(host, port)}`;

  switch (options.format) {
    case 'ip-port-user-pass':
      // Brackets keep an IPv6 host apart from the colons between the fields.
      return `${hostAndPort(host, port)}:${username}:${password}`;
    case 'user-pass-at-ip-port':
      return `${username}:${password}@${hostAndPort(host, port)}`;
    case 'http-url':
      return proxyUrl('http');
    case 'socks5-url':
      return proxyUrl('socks5');
    case 'curl':
      return `curl -x ${quoteForPosixShell(proxyUrl('http'))} ${CURL_CHECK_URL}`;
    case 'custom':
      if (options.template === undefined) {
        throw new TemplateError(
          'No custom template is set. Write one in Settings, or choose another copy format.',
        );
      }
      return renderTemplate(options.template, {
        ip: host,
        port: String(port),
        username,
        password,
        ipv4: proxy.assigned_proxy_ipv4 ?? '',
        ipv6: proxy.assigned_proxy_ipv6 ?? '',
      });
  }
}
