import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { UseCases } from '../../../src/main/app/use-case-types';
import type { FrameIdentity } from '../../../src/main/shell/popup/navigation-policy';
import { registerIpcHandlers, sendIpcEvent } from '../../../src/main/shell/ipc-main-bridge';
import { IPC_CHANNELS } from '../../../src/shared/ipc/channel-names';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';

/**
 * The wiring of ipc-main-bridge.ts, driven through recording stand-ins of ipcMain and a
 * WebContents: every channel registered, the sender checked before anything runs, inputs and
 * event payloads held to the contract. The dispatcher's own rules are in ipc-dispatcher.test.ts.
 */

const POPUP_FRAME: FrameIdentity = { processId: 4, routingId: 1, url: 'app://popup/index.html' };
const OTHER_FRAME: FrameIdentity = { processId: 4, routingId: 7, url: 'https://evil.example/' };

const REFUSED = {
  ok: false,
  error: { kind: 'invalid_request', message: 'Refused: not from the Proxy Tray popup.' },
};

type InvokeListener = Parameters<IpcMain['handle']>[1];

/**
 * An invoke event from `frame`. The bridge reads only its sender frame; a real event (with its
 * WebContents and WebFrameMain) cannot exist without Electron.
 */
function invokeEvent(frame: FrameIdentity | null): IpcMainInvokeEvent {
  return { senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

/** ipcMain as far as registerIpcHandlers touches it. */
function recordingIpcMain() {
  const listeners = new Map<string, InvokeListener>();
  let handleCalls = 0;
  return {
    listeners,
    get handleCalls() {
      return handleCalls;
    },
    handle(channel: string, listener: InvokeListener) {
      handleCalls += 1;
      // Electron throws on a second handler for one channel; so does this stand-in.
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
    removeHandler(channel: string) {
      listeners.delete(channel);
    },
    /** What ipcRenderer.invoke(channel, input) from `frame` would answer. */
    async invoke(channel: string, input: unknown, frame: FrameIdentity | null): Promise<unknown> {
      const listener = listeners.get(channel);
      if (!listener) throw new Error(`No handler registered for '${channel}'`);
      return listener(invokeEvent(frame), input);
    },
  };
}

/** Handlers that record what reaches them; those a test needs answer for real. */
function recordingHandlers(answers: Partial<Record<string, (input: unknown) => unknown>> = {}) {
  const calls: [channel: string, input: unknown][] = [];
  const handlers = new Proxy(
    {},
    {
      get: (_target, channel: string) => async (input: unknown) => {
        calls.push([channel, input]);
        const answer = answers[channel];
        if (!answer) throw new Error(`no answer for ${channel} in this test`);
        return answer(input);
      },
    },
  ) as UseCases;
  return { handlers, calls };
}

function bridge(answers?: Parameters<typeof recordingHandlers>[0]) {
  const ipcMain = recordingIpcMain();
  const { handlers, calls } = recordingHandlers(answers);
  const internalErrors: unknown[] = [];
  const checkedFrames: unknown[] = [];
  const dispose = registerIpcHandlers({
    ipcMain,
    useCases: handlers,
    isTrustedSender: (frame) => {
      checkedFrames.push(frame);
      return frame === POPUP_FRAME;
    },
    onInternalError: (error) => internalErrors.push(error),
  });
  return { ipcMain, calls, internalErrors, checkedFrames, dispose };
}

describe('registerIpcHandlers', () => {
  it('registers one handler for every channel of the contract, and nothing else', () => {
    const { ipcMain } = bridge();
    expect([...ipcMain.listeners.keys()].sort()).toEqual([...IPC_CHANNELS].sort());
    expect(ipcMain.handleCalls).toBe(IPC_CHANNELS.length);
  });

  it.each(IPC_CHANNELS)(
    'refuses %s from a frame that is not the popup, unhandled',
    async (channel) => {
      const { ipcMain, calls, checkedFrames } = bridge();
      expect(await ipcMain.invoke(channel, undefined, OTHER_FRAME)).toEqual(REFUSED);
      expect(await ipcMain.invoke(channel, undefined, null)).toEqual(REFUSED);
      expect(calls).toEqual([]);
      expect(checkedFrames).toEqual([OTHER_FRAME, null]);
    },
  );

  it("passes the popup's own messages to their handler, with the validated input", async () => {
    const { ipcMain, calls } = bridge({
      'popup:hide': () => null,
      'session:switch-account': () => ({ state: 'signed-out', accounts: [] }),
    });
    expect(await ipcMain.invoke('popup:hide', undefined, POPUP_FRAME)).toEqual({
      ok: true,
      value: null,
    });
    expect(
      await ipcMain.invoke('session:switch-account', { accountId: 'a1' }, POPUP_FRAME),
    ).toEqual({ ok: true, value: { state: 'signed-out', accounts: [] } });
    expect(calls).toEqual([
      ['popup:hide', undefined],
      ['session:switch-account', { accountId: 'a1' }],
    ]);
  });

  it('refuses input that breaks the contract, even from the popup, before any handler runs', async () => {
    const { ipcMain, calls } = bridge();
    for (const input of [{ proxyId: -1, label: 'x' }, { proxyId: 1 }, 'proxy 1', undefined]) {
      expect(await ipcMain.invoke('proxy:set-label', input, POPUP_FRAME)).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request' },
      });
    }
    expect(calls).toEqual([]);
  });

  it('strips what the contract does not name from an answer', async () => {
    const { ipcMain } = bridge({
      'proxy:reveal-password': () => ({ password: 'p', token: 'secret' }),
    });
    expect(await ipcMain.invoke('proxy:reveal-password', { proxyId: 1 }, POPUP_FRAME)).toEqual({
      ok: true,
      value: { password: 'p' },
    });
  });

  it('reports an unexpected error for the log and answers with an internal error', async () => {
    const failure = new Error('disk on fire');
    const { ipcMain, internalErrors } = bridge({
      'plans:list': () => {
        throw failure;
      },
    });
    expect(await ipcMain.invoke('plans:list', undefined, POPUP_FRAME)).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(internalErrors).toEqual([failure]);
  });

  it('removes every handler it registered when disposed', () => {
    const { ipcMain, dispose } = bridge();
    dispose();
    expect([...ipcMain.listeners.keys()]).toEqual([]);
  });
});

/** A WebContents as far as sendIpcEvent touches it. */
function recordingContents({ destroyed = false } = {}) {
  const sent: [channel: string, ...args: unknown[]][] = [];
  return {
    sent,
    isDestroyed: () => destroyed,
    send(channel: string, ...args: unknown[]) {
      sent.push([channel, ...args]);
    },
  };
}

describe('sendIpcEvent', () => {
  it('sends the event with its payload', () => {
    const contents = recordingContents();
    sendIpcEvent(contents, 'popup:shown', { focusSearch: true, panel: 'settings' });
    expect(contents.sent).toEqual([['popup:shown', { focusSearch: true, panel: 'settings' }]]);
  });

  it('strips fields the contract does not name, nested ones too (a token never reaches the popup)', () => {
    const contents = recordingContents();
    const shown = { focusSearch: false, token: 'secret-token' };
    sendIpcEvent(contents, 'popup:shown', shown);
    const account = { id: 'a1', serviceUrl: 'https://s', username: 'u', displayName: 'U' };
    const session = {
      state: 'active' as const,
      account: { ...account, token: 'secret-token', uuid: 'u-1' },
      accounts: [{ ...account, active: true, token: 'secret-token' }],
    };
    sendIpcEvent(contents, 'session:changed', session);

    expect(contents.sent).toEqual([
      ['popup:shown', { focusSearch: false }],
      ['session:changed', { state: 'active', account, accounts: [{ ...account, active: true }] }],
    ]);
    expect(JSON.stringify(contents.sent)).not.toContain('secret-token');
  });

  it('throws on a payload that breaks the contract, and sends nothing', () => {
    const contents = recordingContents();
    const broken = { focusSearch: 'yes' } as unknown as IpcEventPayload<'popup:shown'>;
    expect(() => sendIpcEvent(contents, 'popup:shown', broken)).toThrow(ZodError);
    expect(contents.sent).toEqual([]);
  });

  it('sends nothing to a destroyed popup', () => {
    const contents = recordingContents({ destroyed: true });
    sendIpcEvent(contents, 'popup:shown', { focusSearch: true });
    expect(contents.sent).toEqual([]);
  });
});
