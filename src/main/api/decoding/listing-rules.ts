import { optionalField as optional, requiredField as required } from './record-reader';
import {
  readBoolean,
  readHost,
  readInteger,
  readIntegerIn,
  readIPv4,
  readIPv6,
  readString,
  readText,
} from './loose-values';
import { readTimestamp } from './timestamps';

/*
 * The plan listing as a loose service writes it (spec 2.2 and 2.3). Required: what the app uses a
 * value for — a proxy's id in updates, and its host, port and credentials to connect. Optional:
 * what is only shown. Unknown fields are dropped.
 */

const readId = (value: unknown) => readIntegerIn(value, 1, Number.MAX_SAFE_INTEGER);
const readCount = (value: unknown) => readIntegerIn(value, 0, Number.MAX_SAFE_INTEGER);

export const PROXY_RULES = {
  id: required(readId, 'Expected a positive integer id'),
  username: required(readText, 'Expected a user name'),
  password: required(readText, 'Expected a password'),
  ip: required(readHost, 'Expected an IP address or a host name'),
  port: required((value) => readIntegerIn(value, 1, 65_535), 'Expected a port from 1 to 65535'),
  assigned_proxy_ipv4: optional(readIPv4, 'Expected an IPv4 address'),
  assigned_proxy_ipv6: optional(readIPv6, 'Expected an IPv6 address'),
  is_rotating: optional(readBoolean, 'Expected true or false'),
  rotate_interval: optional(readCount, 'Expected a whole number of seconds'),
  plan_ip_class: optional(readInteger, 'Expected an integer'),
  label: optional(readString, 'Expected text'),
};

/** The proxies are read one by one by the decoder, so that one broken proxy costs only itself. */
export const PLAN_RULES = {
  id: required(readId, 'Expected a positive integer id'),
  name: optional(readString, 'Expected text'),
  creation_date: optional(readTimestamp, 'Expected an ISO 8601 timestamp'),
  expire_date: optional(readTimestamp, 'Expected an ISO 8601 timestamp'),
  is_blocked: optional(readBoolean, 'Expected true or false'),
  proxy_limit: optional(readCount, 'Expected a whole number'),
};
