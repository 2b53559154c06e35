import type { Plan, Proxy } from '../../../shared/api';
import type { ListingProblem } from './listing-problems';
import { PLAN_RULES, PROXY_RULES } from './listing-rules';
import { readRecord, type FieldProblem } from './record-reader';
import { readSpecProxy } from './spec-proxy';
import { UnreadableAnswer } from './unreadable-answer';

export type { ListingProblem };

/** The plans the app could read, and what it left out or could not read in full. */
export interface PlanListing {
  plans: Plan[];
  problems: ListingProblem[];
}

/** Object keys a service may wrap its listing in (`{"data": [...], "total": 6}`). */
const WRAPPER_KEYS = ['data', 'plans', 'results', 'items'] as const;

/**
 * GET /users/plans, read item by item: each plan and each proxy is decoded on its own, so one
 * broken value costs only its own item, and every item left out is said. Throws UnreadableAnswer
 * only when the answer holds no listing at all.
 */
export function decodePlanListing(json: unknown): PlanListing {
  const { items, prefix } = listingItems(json);
  const decoder = new ListingDecoder();
  for (let index = 0; index < items.length; index += 1) {
    decoder.plan(items[index], `${prefix}[${index}]`);
  }
  return { plans: decoder.plans, problems: decoder.problems };
}

function listingItems(json: unknown): { items: unknown[]; prefix: string } {
  if (Array.isArray(json)) return { items: json, prefix: '' };
  if (typeof json !== 'object' || json === null) {
    throw new UnreadableAnswer('it is neither a list of plans nor an object holding one');
  }
  const record = json as Record<string, unknown>;
  const wrappers = WRAPPER_KEYS.filter((key) => Array.isArray(record[key]));
  const [only] = wrappers;
  if (wrappers.length > 1) {
    throw new UnreadableAnswer(`it holds several lists (${wrappers.join(', ')}), not one of plans`);
  }
  if (only === undefined) throw new UnreadableAnswer('it is an object without a list of plans');
  return { items: record[only] as unknown[], prefix: only };
}

interface PlanRef {
  planId: number | null;
  planName: string | null;
}

class ListingDecoder {
  readonly plans: Plan[] = [];
  readonly problems: ListingProblem[] = [];
  readonly #planIds = new Set<number>();
  readonly #proxyIds = new Set<number>();

  plan(raw: unknown, path: string): void {
    const reading = readRecord(raw, PLAN_RULES);
    if (!reading.ok) {
      this.#hide('plan', path, reading.problems, { planId: null, planName: nameIn(raw) });
      return;
    }
    const fields = reading.record;
    // Shown only; a plan without a readable name is still a plan.
    const where = { planId: fields.id, planName: fields.name ?? `Plan ${fields.id}` };
    if (this.#planIds.has(fields.id)) {
      this.#hideDuplicate('plan', path, where);
      return;
    }
    this.#planIds.add(fields.id);
    this.#unknown('plan', path, reading.unreadable, where);
    const plan: Plan = {
      id: fields.id,
      name: where.planName,
      creation_date: fields.creation_date,
      expire_date: fields.expire_date,
      is_blocked: fields.is_blocked ?? false,
      proxy_limit: fields.proxy_limit,
      proxies: [],
    };
    const proxies = (raw as { proxies?: unknown }).proxies;
    if (Array.isArray(proxies)) {
      for (let index = 0; index < proxies.length; index += 1) {
        const proxy = this.#proxy(proxies[index], path, index, where);
        if (proxy) plan.proxies.push(proxy);
      }
    } else if (proxies !== null && proxies !== undefined) {
      this.#hide(
        'proxy',
        path,
        [{ field: 'proxies', expected: 'Expected a list of proxies' }],
        where,
      );
    }
    this.plans.push(plan);
  }

  /** The path of a proxy is built only when there is something to say about it. */
  #proxy(raw: unknown, planPath: string, index: number, where: PlanRef): Proxy | undefined {
    const proxy = readSpecProxy(raw) ?? this.#looseProxy(raw, proxyPath(planPath, index), where);
    return proxy && this.#isNewProxy(proxy, planPath, index, where) ? proxy : undefined;
  }

  /** A later proxy with an id already seen is hidden: an update could not tell them apart. */
  #isNewProxy(proxy: Proxy, planPath: string, index: number, where: PlanRef): boolean {
    if (this.#proxyIds.has(proxy.id)) {
      this.#hideDuplicate('proxy', proxyPath(planPath, index), where);
      return false;
    }
    this.#proxyIds.add(proxy.id);
    return true;
  }

  #looseProxy(raw: unknown, path: string, where: PlanRef): Proxy | undefined {
    const reading = readRecord(raw, PROXY_RULES);
    if (!reading.ok) {
      this.#hide('proxy', path, reading.problems, where);
      return undefined;
    }
    this.#unknown('proxy', path, reading.unreadable, where);
    return reading.record;
  }

  /** Values that were there but could not be read: shown as unknown, and said. */
  #unknown(item: ListingProblem['item'], path: string, fields: FieldProblem[], where: PlanRef) {
    for (const { field, expected } of fields) {
      this.problems.push({
        path: `${path}.${field}`,
        message: expected,
        effect: 'unknown',
        item,
        ...where,
      });
    }
  }

  /** One problem per item left out, naming its first unreadable field. */
  #hide(item: ListingProblem['item'], path: string, fields: FieldProblem[], where: PlanRef) {
    const [first, ...others] = fields;
    const more = others.length > 0 ? ` (and ${others.length} more)` : '';
    this.problems.push({
      // Stryker disable next-line OptionalChaining: an item is hidden only with a problem to name, so `first` is always there
      path: first?.field ? `${path}.${first.field}` : path,
      // Stryker disable next-line OptionalChaining,StringLiteral: an item is hidden only with a problem to name, so the fallback is never shown
      message: `${first?.expected ?? 'Unreadable'}${more}`,
      effect: 'hidden',
      item,
      ...where,
    });
  }

  #hideDuplicate(item: ListingProblem['item'], path: string, where: PlanRef): void {
    this.problems.push({
      path: `${path}.id`,
      message: `Another ${item} earlier in the listing has the same id`,
      effect: 'hidden',
      item,
      ...where,
    });
  }
}

function proxyPath(planPath: string, index: number): string {
  return `${planPath}.proxies[${index}]`;
}

function nameIn(raw: unknown): string | null {
  // `typeof raw === 'object'` as true is equivalent, left to survive: text and numbers have no
  // name property either.
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : null;
  return typeof name === 'string' && name.length > 0 ? name : null;
}
