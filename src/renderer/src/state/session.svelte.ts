import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type { SessionView } from '../../../shared/views/session-view';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

export type SignInInput = { serviceUrl: string; token: string; sessionOnly?: boolean };

/** Who is signed in, as the main process says; replaced whole by every answer and event. */
class SessionStore {
  view = $state.raw<SessionView | null>(null);
  #listeners = new Set<() => void>();

  /** The signed-in account, only while its token is accepted. */
  get activeAccount() {
    return this.view?.state === 'active' ? this.view.account : undefined;
  }

  /**
   * The account whose plans are on screen: the active one, or one whose token the service turned
   * down, whose cached proxies still work and stay listed, read-only, until a new token comes.
   */
  get shownAccount() {
    return this.view?.state === 'active' || this.view?.state === 'rejected'
      ? this.view.account
      : undefined;
  }

  /** The service refuses the token: changes that need it wait for "Sign in again". */
  get readOnly(): boolean {
    return this.view?.state === 'rejected';
  }

  /** Called after every change of the session, whatever brought it. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  accept(view: SessionView): void {
    this.view = view;
    for (const listener of this.#listeners) listener();
  }

  async load(): Promise<void> {
    this.#settle(await bridge().session.status());
  }

  /** The form shows the refusal itself, so the result goes back to it. */
  async signIn(input: SignInInput): Promise<IpcResult<SessionView>> {
    const result = await bridge().session.signIn(input);
    if (result.ok) this.accept(result.value);
    return result;
  }

  async switchAccount(accountId: string): Promise<void> {
    this.#settle(await bridge().session.switchAccount({ accountId }));
  }

  async signOut(accountId?: string): Promise<void> {
    this.#settle(await bridge().session.signOut(accountId ? { accountId } : {}));
  }

  #settle(result: IpcResult<SessionView>): void {
    if (result.ok) this.accept(result.value);
    else toasts.error(result.error.message);
  }
}

export const session = new SessionStore();
