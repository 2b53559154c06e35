// In-memory state of the reference service: accounts with their plans and proxies, and labels.

import type { Account, Plan, Proxy, UserRecord } from './records';

export interface ProxyLocation {
  proxy: Proxy;
  plan: Plan;
  owner: UserRecord;
}

/** What tests read to check that an update reached the service. */
export interface ProxyState {
  id: number;
  is_rotating: boolean;
  rotate_interval: number;
  /** undefined until a label is set. */
  label: string | undefined;
  planId: number;
  owner: string;
}

export class AccountStore {
  readonly #accountsByUsername = new Map<string, Account>();
  readonly #accountsByUuid = new Map<string, Account>();
  readonly #proxies = new Map<number, ProxyLocation>();
  // Kept apart from the proxy records: the spec never returns labels, so a listing that
  // serializes the records as they are cannot leak one.
  readonly #labels = new Map<number, string>();

  constructor(accounts: readonly Account[]) {
    const planIds = new Set<number>();
    for (const account of accounts) {
      const { user } = account;
      if (this.#accountsByUsername.has(user.username) || this.#accountsByUuid.has(user.uuid)) {
        throw new Error(`Duplicate user ${user.username}`);
      }
      this.#accountsByUsername.set(user.username, account);
      this.#accountsByUuid.set(user.uuid, account);
      for (const plan of account.plans) {
        if (planIds.has(plan.id)) throw new Error(`Duplicate plan id ${plan.id}`);
        planIds.add(plan.id);
        for (const proxy of plan.proxies) {
          if (this.#proxies.has(proxy.id)) throw new Error(`Duplicate proxy id ${proxy.id}`);
          this.#proxies.set(proxy.id, { proxy, plan, owner: user });
        }
      }
    }
  }

  accounts(): Account[] {
    return [...this.#accountsByUsername.values()];
  }

  /** The live account: tests may change it (e.g. block a plan) and the API will serve the change. */
  account(username: string): Account | undefined {
    return this.#accountsByUsername.get(username);
  }

  accountByUuid(uuid: string): Account | undefined {
    return this.#accountsByUuid.get(uuid);
  }

  locateProxy(id: number): ProxyLocation | undefined {
    return this.#proxies.get(id);
  }

  proxyState(id: number): ProxyState | undefined {
    const location = this.#proxies.get(id);
    if (!location) return undefined;
    const { proxy, plan, owner } = location;
    return {
      id,
      is_rotating: proxy.is_rotating,
      rotate_interval: proxy.rotate_interval,
      label: this.#labels.get(id),
      planId: plan.id,
      owner: owner.username,
    };
  }

  setRotation(id: number, isRotating: boolean): void {
    this.#require(id).is_rotating = isRotating;
  }

  setRotateInterval(id: number, seconds: number): void {
    this.#require(id).rotate_interval = seconds;
  }

  setLabel(id: number, label: string): void {
    this.#require(id);
    this.#labels.set(id, label);
  }

  labelOf(id: number): string | undefined {
    return this.#labels.get(id);
  }

  #require(id: number): Proxy {
    const location = this.#proxies.get(id);
    if (!location) throw new Error(`No proxy ${id}`);
    return location.proxy;
  }
}
