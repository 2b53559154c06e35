import type { ProxyServiceClient } from '../api/proxy-service-client';
import { ProxyServiceError } from '../api/proxy-service-error';
import type { Plan, Proxy } from '../../shared/api';
import type { IpcError } from '../../shared/ipc/ipc-error';
import type { PlansUpdate } from '../../shared/views/plans-update';
import type {
  ListingNotice,
  PlanView,
  PlansSnapshot,
  PlansStatus,
  ProxyView,
} from '../../shared/views/plans-view';
import { validatedPlanView } from '../../shared/views/trusted-plan-view';
import { toIpcError } from '../errors/error-to-ipc';
import { KeptLocallyError, UserFacingError } from '../errors/user-facing-error';
import { AccountListing } from './account-listing';
import { KeyedSerialQueue } from '../keyed-serial-queue';
import { PendingChanges, type ProxyField } from './pending-changes';
import { buildPlanView, buildProxyView } from './plans-view-builder';
import { listingNoticeOf } from './listing-notice';
import type { PlansCache } from '../plans-cache/plans-cache';

/** The session as the plans need it: which account, its client, and where to report a 401. */
export interface ActiveSession {
  activeAccountId(): string | undefined;
  client(): ProxyServiceClient | undefined;
  reportRejected(): void;
  /** The key that seals the active account's plans on disk (with a cache); none without a token. */
  cacheKey?(): Buffer | undefined;
}

/** A proxy with the plan it belongs to and its local label. */
export interface ProxyEntry {
  plan: Plan;
  proxy: Proxy;
  label: string | null;
}

/** Where labels live: the service accepts them but never returns them. */
export interface LabelKeeper {
  get(accountId: string, proxyId: number): string | undefined;
  forAccount(accountId: string): ReadonlyMap<number, string>;
  set(accountId: string, proxyId: number, label: string): void;
}

interface AccountPlans {
  /** null until the first successful refresh, or until the cache on disk is read. */
  listing: AccountListing | null;
  /** The cache on disk was read (once, before the first listing). */
  cacheRead: boolean;
  updatedAt: number | null;
  error: IpcError | null;
  /** What the last good listing left out. */
  notice: ListingNotice | null;
  refresh: Promise<void> | null;
  /** Bumped by every answered change, so an older listing cannot undo a newer change. */
  changeGeneration: number;
  changedAt: Map<number, number>;
}

export interface PlansServiceOptions {
  session: ActiveSession;
  labels: LabelKeeper;
  /** The last listing of each account on disk; without one, plans live in memory only. */
  cache?: PlansCache;
  now?: () => number;
}

/**
 * The plans of each account, cached in memory, refreshed on demand (concurrent refreshes share one
 * request), and changed per proxy: optimistically, one change at a time, rolled back when refused.
 * What changed is announced as the least that says it (see PlansUpdate): one proxy, the plans a
 * refresh changed, or only the status when the listing is the same.
 */
export class PlansService {
  readonly #session: ActiveSession;
  readonly #labels: LabelKeeper;
  readonly #cache: PlansCache | undefined;
  readonly #now: () => number;
  readonly #accounts = new Map<string, AccountPlans>();
  readonly #pending = new PendingChanges();
  readonly #queue = new KeyedSerialQueue<string>();
  readonly #listeners = new Set<(update: PlansUpdate) => void>();
  /** Counts announced updates (see revisionSchema). */
  #revision = 0;

  constructor(options: PlansServiceOptions) {
    this.#session = options.session;
    this.#labels = options.labels;
    this.#cache = options.cache;
    this.#now = options.now ?? Date.now;
  }

  onChange(listener: (update: PlansUpdate) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The active account's plans as the popup sees them: views held, not built, on every call. */
  snapshot(): PlansSnapshot {
    const accountId = this.#session.activeAccountId() ?? null;
    const state = accountId ? this.#accounts.get(accountId) : undefined;
    return {
      accountId,
      revision: this.#revision,
      plans: state?.listing ? [...state.listing.views] : null,
      ...statusOf(state),
    };
  }

  /** The active account changed: the popup gets its plans (or none) whole, once. */
  accountChanged(): void {
    this.#announce(() => ({ kind: 'snapshot', snapshot: this.snapshot() }));
  }

  /**
   * Drops the plans of every account not in `accountIds` (signed out): a listing holds each
   * proxy's password, which must not outlive the account in this process.
   */
  keepOnly(accountIds: ReadonlySet<string>): void {
    for (const accountId of [...this.#accounts.keys()]) {
      if (!accountIds.has(accountId)) this.#accounts.delete(accountId);
    }
  }

  /** Milliseconds since the active account's plans were last loaded; Infinity when never. */
  age(): number {
    const accountId = this.#session.activeAccountId();
    const updatedAt = accountId ? this.#accounts.get(accountId)?.updatedAt : null;
    return updatedAt ? this.#now() - updatedAt : Number.POSITIVE_INFINITY;
  }

  /** Loads the active account's plans; joins a refresh already under way. */
  async refresh(): Promise<PlansSnapshot> {
    const accountId = this.#session.activeAccountId();
    const client = this.#session.client();
    if (!accountId || !client) return this.snapshot();
    const state = this.#stateOf(accountId);
    if (!state.refresh) {
      state.refresh = Promise.all([
        this.#readCache(accountId, state),
        this.#load(client, accountId, state),
      ]).then(() => undefined);
      this.#announceStatus(accountId, state);
    }
    await state.refresh;
    return this.snapshot();
  }

  /** Refreshes only when the data is older than `maxAgeMs` (e.g. when the popup opens). */
  async refreshIfOlderThan(maxAgeMs: number): Promise<PlansSnapshot> {
    return this.age() > maxAgeMs ? this.refresh() : this.snapshot();
  }

  /** Rotation takes the service's answer as the truth, which may differ from the request. */
  setRotation(proxyId: number, isRotating: boolean): Promise<ProxyView> {
    return this.#change(proxyId, {
      field: 'rotation',
      value: isRotating,
      send: async (client) => ({ is_rotating: await client.setRotation(proxyId, isRotating) }),
      shownIn: (proxy) => proxy.is_rotating === isRotating,
    });
  }

  setRotateInterval(proxyId: number, seconds: number): Promise<ProxyView> {
    return this.#change(proxyId, {
      field: 'interval',
      value: seconds,
      send: async (client) => ({
        rotate_interval: await client.setRotateInterval(proxyId, seconds),
      }),
      shownIn: (proxy) => proxy.rotate_interval === seconds,
    });
  }

  /**
   * Written to the service first, then kept locally: the spec's listing never returns labels. A
   * label whose answer was lost is kept locally all the same: what the user typed is never lost.
   */
  setLabel(proxyId: number, label: string): Promise<ProxyView> {
    return this.#change(proxyId, {
      field: 'label',
      value: label,
      send: async (client) => {
        await client.setLabel(proxyId, label);
        return {};
      },
      shownIn: (proxy) => proxy.label === label,
      keep: (accountId) => this.#labels.set(accountId, proxyId, label),
      keptUnconfirmed: 'Label kept on this computer: the service did not confirm it.',
      keptWhenBlocked:
        'Label kept on this computer: the service refused it because its plan is blocked.',
    });
  }

  /** The full credentials of a proxy of the active account, for copying and revealing. */
  proxy(proxyId: number): Proxy {
    return this.#locate(proxyId).proxy;
  }

  /**
   * A proxy of the active account with its account, its plan and the label it is shown with, for
   * copying: what was copied is named as the popup names the proxy.
   */
  entry(proxyId: number): ProxyEntry & { accountId: string } {
    const { accountId, state, proxy } = this.#locate(proxyId);
    // Stryker disable next-line OptionalChaining: a located proxy's account always holds a listing
    const plan = state.listing?.planOf(proxyId);
    // `if (false)` is an equivalent mutant, left to survive (a disable comment would hide its
    // killed twin `if (true)`): #locate found the proxy here, so the listing names its plan.
    // Stryker disable next-line StringLiteral: unreachable, #locate found the proxy in this listing, so the listing names its plan
    if (!plan) throw new UserFacingError('not_found', 'This proxy is no longer in your plans.');
    return { accountId, plan, proxy, label: this.#viewOf(state, proxyId).label };
  }

  /**
   * A proxy of the active account's listing as the popup sees it, with its plan (whose shared
   * addresses name it), found by id (the listing's index, not a scan); undefined when it is not
   * listed, or no account is active.
   */
  listed(proxyId: number): { planId: number; plan: Plan; proxy: ProxyView } | undefined {
    const accountId = this.#session.activeAccountId();
    const listing = accountId ? this.#accounts.get(accountId)?.listing : undefined;
    const plan = listing?.planOf(proxyId);
    const proxy = listing?.view(proxyId);
    // Stryker disable next-line LogicalOperator: plan and view are listed together or not at all
    return plan && proxy ? { planId: plan.id, plan, proxy } : undefined;
  }

  /**
   * The named proxies of the active account with their plan and label, in listing order, for
   * exporting; ids not in the listing are left out. Empty when signed out or not loaded yet.
   */
  entries(proxyIds: Iterable<number>): ProxyEntry[] {
    const accountId = this.#session.activeAccountId();
    const plans = accountId ? this.#accounts.get(accountId)?.listing?.plans : undefined;
    if (!accountId || !plans) return [];
    const wanted = new Set(proxyIds);
    const labels = this.#labels.forAccount(accountId);
    return plans.flatMap((plan) =>
      plan.proxies
        .filter((proxy) => wanted.has(proxy.id))
        .map((proxy) => ({ plan, proxy, label: labels.get(proxy.id) ?? proxy.label })),
    );
  }

  /**
   * Shows the listing kept on disk while the first one of this run is on its way: at once after a
   * restart, and in place of none when the service refuses the token or cannot be reached. A
   * listing from the service that arrived first is newer, and wins.
   */
  async #readCache(accountId: string, state: AccountPlans): Promise<void> {
    const key = this.#session.cacheKey?.();
    if (!this.#cache || !key || state.cacheRead || state.listing) return;
    state.cacheRead = true;
    const cached = await this.#cache.load(accountId, key);
    if (!cached || state.listing || !this.#accounts.has(accountId)) return;
    this.#take(accountId, state, cached.plans);
    state.updatedAt = cached.savedAt;
    if (accountId === this.#session.activeAccountId()) this.accountChanged();
  }

  /**
   * Keeps the listing on disk as it is now (see PlansCache): at once for a new listing, once the
   * changes stop for a proxy's change (`soon`).
   */
  // Stryker disable next-line StringLiteral: any default but 'soon' saves at once, as 'now' does
  #saveCache(accountId: string, state: AccountPlans, when: 'now' | 'soon' = 'now'): void {
    const key = this.#session.cacheKey?.();
    const { listing } = state;
    // The key is the active account's: a listing of another account waits for its next refresh.
    if (!this.#cache || !key || !listing || accountId !== this.#session.activeAccountId()) return;
    if (when === 'soon') this.#cache.saveSoon(accountId, key, () => listing.plans);
    else this.#cache.save(accountId, key, () => listing.plans);
  }

  /**
   * Reads the listing and announces what changed, in one step with taking it: a snapshot never
   * holds a change its revision does not count.
   */
  async #load(client: ProxyServiceClient, accountId: string, state: AccountPlans): Promise<void> {
    const generationAtStart = state.changeGeneration;
    let changedPlans: PlanView[] | null | 'all' = null;
    try {
      const { plans, problems } = await client.listPlans();
      this.#keepNewerChanges(plans, state, generationAtStart);
      changedPlans = this.#take(accountId, state, plans);
      if (changedPlans === null) this.#cache?.touch(accountId);
      else this.#saveCache(accountId, state);
      state.notice = listingNoticeOf(problems);
      state.updatedAt = this.#now();
      state.error = null;
    } catch (error) {
      state.error = toIpcError(error);
      this.#reportIfRejected(error);
    } finally {
      state.refresh = null;
    }
    if (changedPlans === 'all') {
      if (accountId === this.#session.activeAccountId()) this.accountChanged();
      else this.#announceStatus(accountId, state);
    } else if (changedPlans) {
      const { listing } = state;
      this.#announce(() => ({
        kind: 'plans',
        accountId,
        revision: 0,
        // Stryker disable next-line OptionalChaining,ArrayDeclaration: changed plans come from a listing held, never from none
        order: (listing?.plans ?? []).map((plan) => plan.id),
        plans: changedPlans,
        ...statusOf(state),
      }));
    } else {
      this.#announceStatus(accountId, state);
    }
  }

  /** Keeps the listing; 'all' for a first one, else the plans that changed (null: none did). */
  #take(accountId: string, state: AccountPlans, fresh: Plan[]): PlanView[] | null | 'all' {
    const labels = this.#labels.forAccount(accountId);
    const viewOf = (plan: Plan) =>
      validatedPlanView(buildPlanView(plan, (id) => labels.get(id), this.#pending));
    if (!state.listing) {
      state.listing = new AccountListing(fresh, viewOf);
      return 'all';
    }
    return state.listing.replace(fresh, viewOf);
  }

  /** A change answered while the listing was on its way is newer than the listing's value. */
  #keepNewerChanges(fresh: Plan[], state: AccountPlans, generationAtStart: number): void {
    const { listing } = state;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path; without it the loop finds no proxy changed since the start and changes nothing
    if (!listing || state.changeGeneration === generationAtStart) return;
    for (const plan of fresh) {
      for (const proxy of plan.proxies) {
        const changedAt = state.changedAt.get(proxy.id);
        // Stryker disable next-line ConditionalExpression: a fast path; the next line declines a proxy never changed all the same
        const known = changedAt === undefined ? undefined : listing.proxy(proxy.id);
        // Equivalent ConditionalExpression mutants on `known` and `changedAt !== undefined`, left
        // to survive: a disable comment would hide the killed one on `changedAt > generationAtStart`.
        // Stryker disable next-line LogicalOperator: known is there whenever changedAt is (a listing held during a load is never replaced, only set once); its checks are for the compiler
        if (known && changedAt !== undefined && changedAt > generationAtStart) {
          proxy.is_rotating = known.is_rotating;
          proxy.rotate_interval = known.rotate_interval;
        }
      }
    }
  }

  async #change(proxyId: number, change: ProxyChange): Promise<ProxyView> {
    const { accountId, state } = this.#locate(proxyId);
    this.#pending.begin(proxyId, change.field, change.value);
    this.#announceProxy(accountId, state, proxyId);
    try {
      await this.#queue.run(`${accountId}:${proxyId}`, async () => {
        const client = this.#session.client();
        if (!client || this.#session.activeAccountId() !== accountId) {
          throw new UserFacingError(
            'signed_out',
            'The account changed before this change was sent.',
          );
        }
        try {
          const accepted = await change.send(client);
          change.keep?.(accountId);
          // Looked up by id: a refresh may have replaced the cached proxy meanwhile.
          // Stryker disable next-line OptionalChaining: a located proxy's account always holds a listing (one is only ever replaced by another)
          state.listing?.accept(proxyId, accepted);
          if (Object.keys(accepted).length > 0) this.#saveCache(accountId, state, 'soon');
        } finally {
          state.changeGeneration += 1;
          state.changedAt.set(proxyId, state.changeGeneration);
        }
      });
    } catch (error) {
      this.#reportIfRejected(error);
      if (change.keptWhenBlocked !== undefined && isRefusal(error)) {
        // Equivalent OptionalChaining mutant on `state.listing?.`, left to survive (a disable
        // comment would hide its killed twin on `?.is_blocked`): a located proxy's account always
        // holds a listing.
        if (state.listing?.planOf(proxyId)?.is_blocked) {
          // Labels are the user's own: a blocked plan's refusal does not undo what they typed.
          // Stryker disable next-line OptionalChaining: only labels are kept when blocked, and they always have keep
          change.keep?.(accountId);
          throw new KeptLocallyError('forbidden', change.keptWhenBlocked);
        }
      }
      if (!isUnconfirmed(error)) throw error;
      // Still inside the pending change: the popup shows the value asked for until the
      // service's own value is known.
      await this.#confirmFromListing(accountId, state, proxyId, change);
    } finally {
      this.#pending.end(proxyId, change.field);
      this.#announceProxy(accountId, state, proxyId);
    }
    return this.#viewOf(state, proxyId);
  }

  /**
   * The answer to a change was lost: re-reads the listing (after any listing already on its way,
   * which may predate the change) and shows what the service has. A change the listing shows was
   * applied, and is reported as such.
   */
  async #confirmFromListing(
    accountId: string,
    state: AccountPlans,
    proxyId: number,
    change: ProxyChange,
  ): Promise<void> {
    await state.refresh?.catch(() => undefined);
    await this.refresh();
    // Stryker disable next-line OptionalChaining: a located proxy's account always holds a listing (one is only ever replaced by another)
    const proxy = state.listing?.proxy(proxyId);
    if (proxy && state.error === null && change.shownIn(proxy)) {
      change.keep?.(accountId);
      return;
    }
    if (change.keptUnconfirmed !== undefined) {
      // Stryker disable next-line OptionalChaining: only labels are kept unconfirmed, and they always have keep
      change.keep?.(accountId);
      throw new KeptLocallyError('unconfirmed', change.keptUnconfirmed);
    }
    if (state.error !== null) {
      throw new UserFacingError(
        'unconfirmed',
        `Could not confirm the change, and your plans could not be reloaded to see what the service has. ${state.error.message}`,
      );
    }
    throw new UserFacingError(
      'unconfirmed',
      'Could not confirm the change; showing what the service has now.',
    );
  }

  #viewOf(state: AccountPlans, proxyId: number): ProxyView {
    // Stryker disable next-line OptionalChaining: a located proxy's account always holds a listing (one is only ever replaced by another)
    const view = state.listing?.view(proxyId);
    if (!view)
      // The popup never shows ids: a message names what the user sees, or nothing.
      throw new UserFacingError('not_found', 'This proxy is no longer in your plans.');
    return view;
  }

  #locate(proxyId: number): { accountId: string; state: AccountPlans; proxy: Proxy } {
    const accountId = this.#session.activeAccountId();
    if (!accountId) throw new UserFacingError('signed_out', 'Sign in to change proxies.');
    const state = this.#accounts.get(accountId);
    const proxy = state?.listing?.proxy(proxyId);
    if (!state || !proxy) {
      throw new UserFacingError(
        'not_found',
        'This proxy is not in your plans any more: refresh and try again.',
      );
    }
    return { accountId, state, proxy };
  }

  #stateOf(accountId: string): AccountPlans {
    let state = this.#accounts.get(accountId);
    if (!state) {
      state = {
        listing: null,
        cacheRead: false,
        updatedAt: null,
        error: null,
        notice: null,
        refresh: null,
        changeGeneration: 0,
        changedAt: new Map(),
      };
      this.#accounts.set(accountId, state);
    }
    return state;
  }

  #reportIfRejected(error: unknown): void {
    if (error instanceof ProxyServiceError && error.kind === 'auth') this.#session.reportRejected();
  }

  /** One proxy's view again, and the popup told of it alone. */
  #announceProxy(accountId: string, state: AccountPlans, proxyId: number): void {
    // One label looked up, not the account's copied: a change costs what it changes.
    const labelOf = (id: number) => this.#labels.get(accountId, id);
    // Stryker disable next-line OptionalChaining: a located proxy's account always holds a listing (one is only ever replaced by another)
    const changed = state.listing?.refreshView(proxyId, (proxy) =>
      buildProxyView(proxy, labelOf, this.#pending),
    );
    if (changed) this.#announce(() => ({ kind: 'proxy', accountId, revision: 0, ...changed }));
  }

  #announceStatus(accountId: string, state: AccountPlans): void {
    this.#announce(() => ({ kind: 'status', accountId, revision: 0, ...statusOf(state) }));
  }

  /**
   * Counts the update and hands it to every listener. `revision: 0` in what `build` returns is
   * replaced by the count (a snapshot counts itself, as it is built after the count).
   */
  #announce(build: () => PlansUpdate): void {
    this.#revision += 1;
    // Stryker disable next-line ConditionalExpression: a fast path; with no listener the update built is handed to nobody
    if (this.#listeners.size === 0) return;
    const built = build();
    const update = built.kind === 'snapshot' ? built : { ...built, revision: this.#revision };
    for (const listener of this.#listeners) listener(update);
  }
}

function statusOf(state: AccountPlans | undefined): PlansStatus {
  return {
    updatedAt: state?.updatedAt ? new Date(state.updatedAt).toISOString() : null,
    refreshing: !!state?.refresh,
    error: state?.error ?? null,
    notice: state?.notice ?? null,
  };
}

/** One change of one proxy, and how to tell from a listing that the service has it. */
interface ProxyChange {
  field: ProxyField;
  value: unknown;
  /** Sends it; resolves to the proxy's values now in effect. */
  send: (client: ProxyServiceClient) => Promise<Partial<Proxy>>;
  /** The listing shows the change applied. */
  shownIn: (proxy: Proxy) => boolean;
  /** Keeps what the service applied locally (labels). */
  keep?: (accountId: string) => void;
  /** Keep it locally even when the service's answer was lost, and say so in these words. */
  keptUnconfirmed?: string;
  /** Keep it locally even when the service refuses it for a blocked plan, and say so. */
  keptWhenBlocked?: string;
}

/** The service said no to this change (not to the token, not a lost answer). */
function isRefusal(error: unknown): boolean {
  return (
    // Stryker disable next-line ConditionalExpression: a change fails with no other error of these kinds (its own is signed_out)
    error instanceof ProxyServiceError &&
    (error.kind === 'forbidden' || error.kind === 'invalid_input')
  );
}

function isUnconfirmed(error: unknown): boolean {
  return error instanceof ProxyServiceError && error.kind === 'unconfirmed';
}
