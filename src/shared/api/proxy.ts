import { z } from 'zod';
import { integer, ipv4, ipv6, nonNegativeInteger, port, proxyHost, resourceId } from './primitives';

/**
 * Spec 2.3: one proxy of a plan, as the app holds it once read from the service. What a proxy is
 * used for (its id in updates, its host, port and credentials) is always there; what is only shown
 * is null when the service left it out or sent something unreadable.
 */
export const proxySchema = z.object({
  id: resourceId,
  username: z.string(),
  password: z.string(),
  /** The entry point: an IPv4 or IPv6 address or, with gateway-style providers, a host name. */
  ip: proxyHost,
  port,
  /** null on plans that hand out no address of that version. */
  assigned_proxy_ipv4: ipv4.nullable(),
  assigned_proxy_ipv6: ipv6.nullable(),
  /** null where the service does not say (static proxies often send nothing). */
  is_rotating: z.boolean().nullable(),
  rotate_interval: nonNegativeInteger.nullable(),
  plan_ip_class: integer.nullable(),
  /**
   * A label the service sent, though the spec's listing has none; the app's own labels, kept
   * locally, are shown before it.
   */
  label: z.string().nullable(),
});

export type Proxy = z.infer<typeof proxySchema>;
