import type { Plan, User } from '../../../src/shared/api';
import type { Plan as StoredPlan, UserRecord } from '../../../tools/reference-service/records';

/*
 * What the app holds once it has read the reference service's records: the same values, with
 * the label the listing never carries as null and the account record without its token.
 */

export function plansAsHeld(plans: readonly StoredPlan[]): Plan[] {
  return plans.map((plan) => ({
    ...plan,
    proxies: plan.proxies.map((proxy) => ({ ...proxy, label: null })),
  }));
}

export function userAsHeld(user: UserRecord): User {
  const { uuid, username, creation_date, creation_ip, name, surname, address } = user;
  return { uuid, username, creation_date, creation_ip, name, surname, address };
}
