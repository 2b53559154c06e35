// The service's resources exactly as spec section 2 defines them. Declared here rather than taken
// from the app: the app's decoded types are its own reading of the wire (nullable, normalised),
// while these are what the service stores and what its spec dialect sends.

/** Spec 2.1, as returned by GET and POST /users/me. */
export interface User {
  uuid: string;
  username: string;
  /** ISO 8601 in UTC, whole seconds with `Z`. */
  creation_date: string;
  creation_ip: string;
  name: string;
  surname: string;
  address: string;
  /** A JWT: the user's current token. */
  access_token: string;
}

/** Spec 2.3: one proxy of a plan. The label is stored apart: the listing never returns it. */
export interface Proxy {
  id: number;
  username: string;
  password: string;
  ip: string;
  port: number;
  assigned_proxy_ipv4: string;
  assigned_proxy_ipv6: string;
  is_rotating: boolean;
  /** Seconds. */
  rotate_interval: number;
  plan_ip_class: number;
}

/** Spec 2.2: a plan with its proxies. */
export interface Plan {
  id: number;
  name: string;
  /** ISO 8601 in UTC, whole seconds with `Z`. */
  creation_date: string;
  expire_date: string;
  is_blocked: boolean;
  proxy_limit: number;
  proxies: Proxy[];
}

/** A user as stored; the API adds `access_token` when it returns one. */
export type UserRecord = Omit<User, 'access_token'>;

export interface Account {
  user: UserRecord;
  plans: Plan[];
}

/** Each resource's fields in the order the spec's tables (and the spec dialect) give them. */
export const USER_FIELDS = [
  'uuid',
  'username',
  'creation_date',
  'creation_ip',
  'name',
  'surname',
  'address',
  'access_token',
] as const satisfies readonly (keyof User)[];
export const PLAN_FIELDS = [
  'id',
  'name',
  'creation_date',
  'expire_date',
  'is_blocked',
  'proxy_limit',
  'proxies',
] as const satisfies readonly (keyof Plan)[];
export const PROXY_FIELDS = [
  'id',
  'username',
  'password',
  'ip',
  'port',
  'assigned_proxy_ipv4',
  'assigned_proxy_ipv6',
  'is_rotating',
  'rotate_interval',
  'plan_ip_class',
] as const satisfies readonly (keyof Proxy)[];
