// What the routes send once they have done their work, per dialect. The routes decide what
// happens (authentication, validation, the store); the dialect only decides how it is written.

import type { ApiDialect } from './dialect';
import { intervalAnswer, labelAnswer, rotationAnswer } from './loose-answers';
import { loosePlanListing, looseUser } from './loose-dialect';
import type { LooseVariants } from './loose-variants';
import type { Account, User } from './records';
import type { WireAnswer } from './wire-answer';
import { jsonAnswer } from './wire-answer';

export interface WireDialect {
  readonly name: ApiDialect;
  user(user: User, account: Account): unknown;
  planListing(account: Account): unknown;
  rotationAnswer(proxyId: number, isRotating: boolean): WireAnswer;
  intervalAnswer(proxyId: number, rotateInterval: number): WireAnswer;
  labelAnswer(proxyId: number, label: string): WireAnswer;
}

/** Spec section 4, to the byte. */
export const specDialect: WireDialect = {
  name: 'spec',
  user: (user) => user,
  // The live records go out as they are: labels live elsewhere in the store, never in here.
  planListing: (account) => account.plans,
  rotationAnswer: (_proxyId, isRotating) => jsonAnswer({ is_rotating: isRotating }),
  intervalAnswer: () => jsonAnswer({ success: true }),
  // The spec's answer is the bare JSON boolean, not an object.
  labelAnswer: () => jsonAnswer(true),
};

export function looseDialect(seed: number, variants: LooseVariants): WireDialect {
  return {
    name: 'loose',
    user: (user, account) => looseUser(user, account.plans.length),
    planListing: (account) =>
      loosePlanListing(
        account.plans,
        seed,
        variants.unreadableEntriesByPlan(account.user.username),
      ),
    rotationAnswer: (proxyId, isRotating) =>
      rotationAnswer(variants.rotationAnswerOf(proxyId), isRotating),
    intervalAnswer: (proxyId, rotateInterval) =>
      intervalAnswer(variants.intervalAnswerOf(proxyId), rotateInterval),
    labelAnswer: (proxyId, label) => labelAnswer(variants.labelAnswerOf(proxyId), label),
  };
}
