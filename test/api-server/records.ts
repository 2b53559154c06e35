// The service's resources (spec section 2), typed by the app's own schemas so that the reference
// service and the client cannot drift apart in what they think a resource is.

import type { Plan, Proxy, User } from '../../src/shared/api';

export type { Plan, Proxy, User };

/** A user as stored; the API adds `access_token` when it returns one. */
export type UserRecord = Omit<User, 'access_token'>;

export interface Account {
  user: UserRecord;
  plans: Plan[];
}
