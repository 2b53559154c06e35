// `server.looseVariants`: lets a test ask how this server writes a given item, e.g. find a proxy
// whose rotation update is answered with 204, or the broken entries the listing adds. It reports
// what the server really sends: under the spec dialect, the spec's forms and no broken entries.

import type { ApiDialect } from './dialect';
import type { IntervalAnswer, LabelAnswer, RotationAnswer } from './loose-answers';
import {
  intervalAnswerVariantOf,
  labelAnswerVariantOf,
  rotationAnswerVariantOf,
  SPEC_INTERVAL_ANSWER,
  SPEC_LABEL_ANSWER,
  SPEC_ROTATION_ANSWER,
} from './loose-answers';
import type { ListingKey, PlanVariants, ProxyVariants } from './loose-dialect';
import {
  listingKeyOf,
  planVariantsOf,
  proxyVariantsOf,
  SPEC_PLAN_VARIANTS,
  SPEC_PROXY_VARIANTS,
} from './loose-dialect';
import type { Account } from './records';
import type { UnreadableEntry, UnreadableProxy } from './unreadable-proxies';
import { placeUnreadableProxies } from './unreadable-proxies';

export class LooseVariants {
  readonly #loose: boolean;
  readonly #seed: number;
  readonly #unreadable: Map<string, UnreadableEntry[]>;

  constructor(options: {
    dialect: ApiDialect;
    seed: number;
    accounts: readonly Account[];
    isTakenProxyId(id: number): boolean;
  }) {
    this.#loose = options.dialect === 'loose';
    this.#seed = options.seed;
    this.#unreadable = this.#loose
      ? placeUnreadableProxies(options.accounts, options.seed, options.isTakenProxyId)
      : new Map();
  }

  /** The key wrapping the plan listing; null when the listing is the spec's bare array. */
  get listingKey(): ListingKey | null {
    return this.#loose ? listingKeyOf(this.#seed) : null;
  }

  rotationAnswerOf(proxyId: number): RotationAnswer {
    return this.#loose ? rotationAnswerVariantOf(this.#seed, proxyId) : SPEC_ROTATION_ANSWER;
  }

  intervalAnswerOf(proxyId: number): IntervalAnswer {
    return this.#loose ? intervalAnswerVariantOf(this.#seed, proxyId) : SPEC_INTERVAL_ANSWER;
  }

  labelAnswerOf(proxyId: number): LabelAnswer {
    return this.#loose ? labelAnswerVariantOf(this.#seed, proxyId) : SPEC_LABEL_ANSWER;
  }

  /** How each field of the plan is written in the listing. */
  planVariantsOf(planId: number): PlanVariants {
    return this.#loose ? planVariantsOf(this.#seed, planId) : SPEC_PLAN_VARIANTS;
  }

  proxyVariantsOf(proxyId: number): ProxyVariants {
    return this.#loose ? proxyVariantsOf(this.#seed, proxyId) : SPEC_PROXY_VARIANTS;
  }

  /** The entries the listing adds to the user's plans that no client can use; [] for spec. */
  unreadableProxies(username: string): UnreadableProxy[] {
    const entries = this.#unreadable.get(username) ?? [];
    return entries.map(({ planId, planName, proxyId, field }) => ({
      planId,
      planName,
      proxyId,
      field,
    }));
  }

  /** The broken entries' JSON, by plan id, for the listing of this user. */
  unreadableEntriesByPlan(username: string): Map<number, Record<string, unknown>[]> {
    const byPlan = new Map<number, Record<string, unknown>[]>();
    for (const entry of this.#unreadable.get(username) ?? []) {
      byPlan.set(entry.planId, [...(byPlan.get(entry.planId) ?? []), entry.wire]);
    }
    return byPlan;
  }
}
