/** Where a tunnel leads: a host name (resolved by the upstream), an IPv4 or an IPv6 address. */
export interface Destination {
  host: string;
  port: number;
}
