import { z } from 'zod';
import { integer, ipv4, ipv6, nonNegativeInteger, port, resourceId } from './primitives';

/** Spec 2.3: one proxy of a plan. The label is never part of it (the listing does not return it). */
export const proxySchema = z.object({
  id: resourceId,
  username: z.string(),
  password: z.string(),
  ip: ipv4,
  port,
  assigned_proxy_ipv4: ipv4,
  assigned_proxy_ipv6: ipv6,
  is_rotating: z.boolean(),
  rotate_interval: nonNegativeInteger,
  plan_ip_class: integer,
});

export type Proxy = z.infer<typeof proxySchema>;
