import type { ProxyServiceClient } from '../api/proxy-service-client';
import { maskSecrets } from '../api/redact';
import { ProxyServiceError } from '../api/proxy-service-error';
import { normaliseServiceUrl } from '../api/service-url';
import type { User } from '../../shared/api';
import { accountIdFor } from './account-id';
import { cacheKeyOf } from './cache-key';
import type { AccountRegistry, StoredAccount } from './account-registry';
import { toVaultError } from './keychain-error-mapping';
import { DEFAULT_EXPIRY_WARNING_DAYS, expiryWarning, jwtExpiry } from './jwt-expiry';
import { MemoryVault } from './memory-vault';
import { cleanPastedToken } from './pasted-token';
import type {
  AccountListing,
  AccountSummary,
  SessionResult,
  SessionStatus,
} from './session-status';
import type { TokenVault } from './token-vault';
import { StoreError } from '../store/store-error';
import { MAX_SHOWN_NAME_LENGTH } from '../../shared/settings/settings-schema';

export interface SessionServiceOptions {
  vault: TokenVault;
  registry: AccountRegistry;
  createClient: (opts: { baseUrl: string; token: string }) => ProxyServiceClient;
  /** Epoch ms; for the expiry warning. */
  now?: () => number;
  /** Warn this many days before the token expires (a setting). Default 3. */
  expiryWarningDays?: () => number;
  /** A change listener threw: reported here (the log), and the other listeners still hear. */
  onListenerError?: (error: unknown) => void;
}

export interface SignInInput {
  serviceUrl: string;
  /** As pasted: spaces and a leading `Bearer ` are fine. */
  token: string;
  /** Keep the token in memory only, never in the keychain: gone when the app quits. */
  sessionOnly?: boolean;
}

export type SessionListener = (status: SessionStatus) => void;

/** The session as the service holds it; the token stays in here. */
type Session =
  | { state: 'signed-out'; account?: StoredAccount; message?: string }
  | { state: 'active'; account: StoredAccount; token: string; client: ProxyServiceClient }
  | { state: 'rejected'; account: StoredAccount; token: string; message: string }
  | { state: 'keychain-error'; account: StoredAccount; message: string };

/**
 * Accounts, their tokens and the active session. Tokens are verified with the service before
 * they are kept, live in the vault (or in memory for this session only) and in this object,
 * and never leave it: what it hands out is a status without them, and a client that uses them.
 */
export class SessionService {
  readonly #vault: TokenVault;
  readonly #registry: AccountRegistry;
  readonly #createClient: SessionServiceOptions['createClient'];
  readonly #now: () => number;
  readonly #expiryWarningDays: () => number;
  readonly #onListenerError: (error: unknown) => void;
  /** Tokens the user chose to keep for this session only. */
  readonly #sessionTokens = new MemoryVault();
  readonly #clients = new Map<string, { token: string; client: ProxyServiceClient }>();
  /** Tokens the service turned down, so that switching back does not offer them again. */
  readonly #rejectedTokens = new Map<string, string>();
  readonly #listeners = new Set<SessionListener>();
  #session: Session = { state: 'signed-out' };
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: SessionServiceOptions) {
    this.#vault = options.vault;
    this.#registry = options.registry;
    this.#createClient = options.createClient;
    this.#now = options.now ?? Date.now;
    // Stryker disable next-line ArrowFunction: expiryWarning takes the same default for an undefined number of days
    this.#expiryWarningDays = options.expiryWarningDays ?? (() => DEFAULT_EXPIRY_WARNING_DAYS);
    this.#onListenerError = options.onListenerError ?? (() => {});
  }

  /**
   * Verifies the token with the service first, then keeps it and makes its account the active
   * one. A keychain failure after a good verification is a 'keychain' failure: signing in again
   * with `sessionOnly` keeps the token in memory instead. Like every change of the session, it
   * waits for the ones called before it, so changes apply in the order they were asked for.
   */
  signIn(input: SignInInput): Promise<SessionResult> {
    return this.#exclusive(() => this.#signIn(input));
  }

  async #signIn(input: SignInInput): Promise<SessionResult> {
    const token = cleanPastedToken(input.token);
    let client: ProxyServiceClient;
    let user: User;
    let serviceUrl: string;
    try {
      serviceUrl = normaliseServiceUrl(input.serviceUrl).href;
      client = this.#createClient({ baseUrl: serviceUrl, token });
      user = await client.verifyToken();
    } catch (error) {
      if (error instanceof ProxyServiceError) {
        return { ok: false, error: { kind: error.kind, message: error.message } };
      }
      throw error;
    }
    const account: StoredAccount = {
      id: accountIdFor(serviceUrl, user),
      serviceUrl,
      userUuid: user.uuid,
      username: shortenName(user.username),
      displayName: shortenName(displayNameOf(user)),
    };

    // The token and its account are kept together or not at all: the keychain first (the step
    // that fails most), then the account, and a failure of the account puts the keychain back.
    const tokens = input.sessionOnly ? this.#sessionTokens : this.#vault;
    let previousToken: string | null;
    try {
      previousToken = await this.#tokenOfKnown(tokens, account.id);
      await tokens.set(account.id, token);
    } catch (error) {
      const vaultError = toVaultError(error, [token]);
      return {
        ok: false,
        error: {
          kind: 'keychain',
          vaultKind: vaultError.kind,
          message: `Your token is valid, but it could not be saved in the keychain. ${vaultError.message} Or keep it for this session only.`,
          canKeepForSession: true,
        },
      };
    }
    try {
      this.#remember(account);
    } catch (error) {
      return this.#undoTokenSave(tokens, account.id, previousToken, error);
    }
    // The keychain now holds the newer token; an older session-only one must not shadow it.
    if (!input.sessionOnly) await this.#sessionTokens.delete(account.id);
    this.#rejectedTokens.delete(account.id);
    this.#clients.set(account.id, { token, client });
    this.#session = { state: 'active', account, token, client };
    return this.#changed();
  }

  /** The token an account already known here has in `tokens`, to put back if sign-in fails. */
  async #tokenOfKnown(tokens: TokenVault, accountId: string): Promise<string | null> {
    const known = this.#registry.list().some((stored) => stored.id === accountId);
    return known ? tokens.get(accountId) : null;
  }

  /** Makes the account the active one; an account signed in again keeps its place in the list. */
  #remember(account: StoredAccount): void {
    const stored = this.#registry.list();
    const known = stored.findIndex((candidate) => candidate.id === account.id);
    const others = stored.filter((candidate) => candidate.id !== account.id);
    const accounts =
      known === -1
        ? [...others, account]
        : [...others.slice(0, known), account, ...others.slice(known)];
    this.#registry.save(accounts, account.id);
  }

  async #undoTokenSave(
    tokens: TokenVault,
    accountId: string,
    previousToken: string | null,
    cause: unknown,
  ): Promise<SessionResult> {
    let leftBehind = '';
    try {
      if (previousToken === null) await tokens.delete(accountId);
      else await tokens.set(accountId, previousToken);
    } catch (error) {
      leftBehind = ` The token could not be taken back out of the keychain either: ${toVaultError(error).message}`;
    }
    const reason =
      cause instanceof StoreError ? cause.message : 'the settings file could not be written';
    return {
      ok: false,
      error: {
        kind: 'storage',
        message: `Your token is valid, but the account could not be saved, so you are not signed in (${reason}).${leftBehind}`,
      },
    };
  }

  /** Picks up the active account of the last run, from the vault alone: no network needed. */
  restore(): Promise<SessionStatus> {
    return this.#exclusive(async () => {
      const activeId = this.#registry.activeId();
      const account = this.#registry.list().find((stored) => stored.id === activeId);
      this.#session = account ? await this.#load(account) : { state: 'signed-out' };
      return this.#changed().status;
    });
  }

  switchAccount(id: string): Promise<SessionResult> {
    return this.#exclusive(async () => {
      const accounts = this.#registry.list();
      const account = accounts.find((stored) => stored.id === id);
      if (!account) {
        return {
          ok: false,
          error: {
            kind: 'not_found',
            message: 'That account is no longer signed in here: sign in to it again.',
          },
        };
      }
      const current = this.#session;
      // Already in use, or already known to be turned down: reading the vault again changes nothing.
      if (
        current.account?.id === id &&
        (current.state === 'active' || current.state === 'rejected')
      ) {
        return { ok: true, status: this.status() };
      }
      this.#registry.save(accounts, id);
      this.#session = await this.#load(account);
      return this.#changed();
    });
  }

  /**
   * Forgets the account (the active one by default): its token in the vault and its entry in
   * the registry. Signing out of the active account switches to another one if any is left.
   */
  signOut(id?: string): Promise<SessionResult> {
    return this.#exclusive(async () => {
      const targetId = id ?? this.#session.account?.id;
      if (targetId === undefined) return { ok: true, status: this.status() };
      const accounts = this.#registry.list();
      if (!accounts.some((stored) => stored.id === targetId)) {
        return {
          ok: false,
          error: { kind: 'not_found', message: 'That account is not signed in here.' },
        };
      }
      let warning: string | undefined;
      try {
        await this.#vault.delete(targetId);
      } catch (error) {
        warning = `You are signed out, but your token could not be removed from the keychain. ${toVaultError(error).message}`;
      }
      await this.#sessionTokens.delete(targetId);
      this.#clients.delete(targetId);
      this.#rejectedTokens.delete(targetId);

      const remaining = accounts.filter((stored) => stored.id !== targetId);
      if (this.#session.account?.id === targetId) {
        const next = remaining[0];
        this.#registry.save(remaining, next?.id ?? null);
        this.#session = next ? await this.#load(next) : { state: 'signed-out' };
      } else {
        const activeId = this.#registry.activeId();
        this.#registry.save(remaining, activeId === targetId ? null : activeId);
      }
      const result = this.#changed();
      return warning === undefined ? result : { ...result, warning };
    });
  }

  accounts(): AccountListing[] {
    const activeId = this.#registry.activeId();
    return this.#registry
      .list()
      .map((stored) => ({ ...summaryOf(stored), active: stored.id === activeId }));
  }

  /** Where the sign-in form starts: the URL last used, even once every account is signed out. */
  lastServiceUrl(): string | null {
    return this.#registry.lastServiceUrl();
  }

  status(): SessionStatus {
    const session = this.#session;
    const status: SessionStatus = { state: session.state };
    if (session.account) status.account = summaryOf(session.account);
    if (session.state === 'active' || session.state === 'rejected') {
      const expiresAt = jwtExpiry(session.token);
      const warning = expiryWarning(expiresAt, this.#now(), this.#expiryWarningDays());
      if (expiresAt) status.tokenExpiresAt = expiresAt.toISOString();
      if (warning) status.tokenExpiryWarning = warning;
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: an active session has no message, and a message left undefined is none to the popup
    if (session.state !== 'active' && session.message !== undefined) {
      status.message = session.message;
    }
    if (session.state === 'keychain-error') status.canKeepForSession = true;
    return status;
  }

  /**
   * `text` with every token held here replaced by [redacted]: the log's redaction asks, so that
   * an opaque token (not shaped like a JWT) is masked too, and the tokens never leave this object.
   */
  maskTokens(text: string): string {
    const held = new Set<string>(this.#rejectedTokens.values());
    for (const { token } of this.#clients.values()) held.add(token);
    // An active token always has its client above, a turned-down one its entry: this only says so.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: as said above, the token is already held
    if (this.#session.state === 'active' || this.#session.state === 'rejected') {
      held.add(this.#session.token);
    }
    return maskSecrets(text, held);
  }

  /** The active account's client, or undefined while nobody is signed in with a usable token. */
  client(): ProxyServiceClient | undefined {
    // Stryker disable next-line ConditionalExpression: only an active session has a client to give
    return this.#session.state === 'active' ? this.#session.client : undefined;
  }

  /**
   * The key of the active account's cache on disk (see cache-key.ts), also while the service
   * refuses its token; undefined without a token (signed out, keychain error).
   */
  cacheKey(): Buffer | undefined {
    const session = this.#session;
    if (session.state !== 'active' && session.state !== 'rejected') return undefined;
    return cacheKeyOf(session.token, session.account.id);
  }

  /**
   * The service answered 401 to the active token. Pass the client that got it, so that a late
   * answer to an account already switched away from is ignored. No retry: signing in again is
   * the way out.
   */
  reportRejected(from?: ProxyServiceClient): void {
    const session = this.#session;
    if (session.state !== 'active') return;
    if (from !== undefined && from !== session.client) return;
    this.#rejectedTokens.set(session.account.id, session.token);
    this.#session = rejectedSession(session.account, session.token);
    this.#changed();
  }

  /** Called with the new status after every change; returns a function that stops it. */
  onChange(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #load(account: StoredAccount): Promise<Session> {
    let token: string | null;
    try {
      token = (await this.#sessionTokens.get(account.id)) ?? (await this.#vault.get(account.id));
    } catch (error) {
      return {
        state: 'keychain-error',
        account,
        message: `${toVaultError(error).message} Or sign in again and keep your token for this session only.`,
      };
    }
    if (token === null) {
      return {
        state: 'signed-out',
        account,
        message: `No access token is saved for ${describe(account)}: sign in again.`,
      };
    }
    if (this.#rejectedTokens.get(account.id) === token) return rejectedSession(account, token);
    try {
      return { state: 'active', account, token, client: this.#clientFor(account, token) };
    } catch (error) {
      if (!(error instanceof ProxyServiceError)) throw error;
      return {
        state: 'signed-out',
        account,
        message: `The saved access token for ${describe(account)} cannot be used (${error.message}): sign in again.`,
      };
    }
  }

  #clientFor(account: StoredAccount, token: string): ProxyServiceClient {
    const cached = this.#clients.get(account.id);
    if (cached?.token === token) return cached.client;
    const client = this.#createClient({ baseUrl: account.serviceUrl, token });
    this.#clients.set(account.id, { token, client });
    return client;
  }

  #changed(): { ok: true; status: SessionStatus } {
    const status = this.status();
    for (const listener of this.#listeners) {
      try {
        listener(structuredClone(status));
      } catch (error) {
        // One broken listener must not keep the others from hearing about the change.
        this.#onListenerError(error);
      }
    }
    return { ok: true, status };
  }

  /** Session changes run one at a time, in order, so none lands in the middle of another. */
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task, task);
    this.#tail = run.catch(() => undefined);
    return run;
  }
}

function rejectedSession(account: StoredAccount, token: string): Session {
  return {
    state: 'rejected',
    account,
    token,
    message: `The service no longer accepts the access token for ${describe(account)}: sign in again with a new token.`,
  };
}

function summaryOf(account: StoredAccount): AccountSummary {
  return {
    id: account.id,
    serviceUrl: account.serviceUrl,
    username: account.username,
    displayName: account.displayName,
  };
}

function displayNameOf(user: User): string {
  return `${user.name ?? ''} ${user.surname ?? ''}`.trim() || user.username;
}

/** A name as long as a settings entry allows, cut with an ellipsis rather than refused. */
function shortenName(name: string): string {
  const characters = [...name];
  return characters.length <= MAX_SHOWN_NAME_LENGTH
    ? name
    : `${characters.slice(0, MAX_SHOWN_NAME_LENGTH - 1).join('')}…`;
}

function describe(account: StoredAccount): string {
  return `${account.username} at ${new URL(account.serviceUrl).host}`;
}
