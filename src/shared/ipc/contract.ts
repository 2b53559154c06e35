import { z } from 'zod';
import { userSchema } from '../api';
import { MAX_LABEL_UNITS } from '../api/limits';
import { MAX_ROTATE_INTERVAL_SECONDS } from '../api/updates';
import { copyFieldSchema, copyFormatSchema, hostChoiceSchema } from '../credentials';
import { EXPORT_KINDS } from '../export/export-kinds';
import { favoritesViewSchema } from '../views/favorites-view';
import {
  configureLocalPortRequestSchema,
  localPortViewSchema,
  openLocalPortRequestSchema,
} from '../views/local-port-view';
import {
  openPoolPortRequestSchema,
  configurePoolPortRequestSchema,
  poolPortViewSchema,
} from '../views/pool-port-view';
import { proxyChecksDeltaSchema, proxyChecksViewSchema } from '../views/check-view';
import { settingsPatchSchema } from '../settings/settings-schema';
import { settingsViewSchema } from '../views/settings-view';
import type { IpcChannel, IpcEvent } from './channel-names';
import { alertViewSchema } from '../views/alert-view';
import { desktopStatusSchema } from '../views/desktop-status';
import { plansUpdateSchema, trustedPlansSnapshotSchema } from '../views/plans-update';
import { refreshOutcomeSchema } from '../views/refresh-outcome';
import { sessionViewSchema } from '../views/session-view';
import { updateStatusSchema } from '../views/update-status';
import {
  terminalCommandChangeSchema,
  terminalCommandViewSchema,
} from '../views/terminal-command-view';

/**
 * THE contract between the popup and the main process, declared once: each channel's input and
 * output schema, and each event's payload. The main process validates every input it receives
 * and every output it sends; the preload and the popup derive their types from here.
 *
 * Every input is strict (z.strictObject): our own popup speaks this contract exactly, so a field
 * it does not name is a bug or an attack, refused by name rather than stripped and obeyed.
 * Outputs stay lenient: stripping what the contract does not name keeps a secret added by mistake
 * from reaching the popup.
 */

const none = z.undefined();
const proxyId = z.int().positive();
/** A plan or a search result: the plan listing allows at most this many proxies per account. */
const proxyIds = z.array(proxyId).min(1).max(100_000);
const planHostChoicesSchema = z.object({
  accountId: z.string().nullable(),
  plans: z.array(z.object({ planId: z.int().positive(), hostChoice: hostChoiceSchema })),
});

export const ipcContract = {
  'session:status': { input: none, output: sessionViewSchema },
  'session:sign-in': {
    input: z.strictObject({
      serviceUrl: z.string().max(2048),
      token: z.string().max(16_384),
      sessionOnly: z.boolean().optional(),
    }),
    output: sessionViewSchema,
  },
  'session:sign-out': {
    input: z.strictObject({ accountId: z.string().optional() }),
    output: sessionViewSchema,
  },
  'session:switch-account': {
    input: z.strictObject({ accountId: z.string() }),
    output: sessionViewSchema,
  },
  /** The account record; the app never keeps the record's access token. */
  'account:get': { input: none, output: userSchema },
  /** The plans whole: the popup's first snapshot of an account, the base its updates apply to. */
  'plans:list': { input: none, output: trustedPlansSnapshotSchema },
  /** Reloads the listing; what it found arrives as `plans:changed`, the answer says how it ended. */
  'plans:refresh': { input: none, output: refreshOutcomeSchema },
  /**
   * A proxy's changes answer done or refused, nothing more: each step (pending, then the value the
   * service applied, or the old one back) arrives as a `plans:changed` of that proxy, the one path
   * every change takes, whoever made it.
   */
  'proxy:set-rotation': {
    input: z.strictObject({ proxyId, isRotating: z.boolean() }),
    output: z.null(),
  },
  'proxy:set-interval': {
    input: z.strictObject({ proxyId, seconds: z.int().min(1).max(MAX_ROTATE_INTERVAL_SECONDS) }),
    output: z.null(),
  },
  'proxy:set-label': {
    input: z.strictObject({ proxyId, label: z.string().max(MAX_LABEL_UNITS) }),
    output: z.null(),
  },
  /** Only on an explicit "show password": the plan list never carries passwords. */
  'proxy:reveal-password': {
    input: z.strictObject({ proxyId }),
    output: z.object({ password: z.string() }),
  },
  /** Pins or unpins a proxy of the active account, on this computer: it then heads the lists. */
  'proxy:set-pinned': {
    input: z.strictObject({ proxyId, pinned: z.boolean() }),
    output: favoritesViewSchema,
  },
  /** The active account's pinned proxies and its last copied ones (each successful copy counts). */
  'favorites:list': { input: none, output: favoritesViewSchema },
  /**
   * Copied by the main process, which also clears the clipboard later: a whole line in a format
   * (the default format where neither is given), or one field; never both. The host choice, where
   * omitted, is the one remembered for the proxy's plan, else the settings' default.
   */
  'credentials:copy': {
    input: z.union([
      z.strictObject({
        proxyId,
        format: copyFormatSchema.optional(),
        hostChoice: hostChoiceSchema.optional(),
      }),
      z.strictObject({ proxyId, field: copyFieldSchema, hostChoice: hostChoiceSchema.optional() }),
    ]),
    output: z.object({
      /** What was copied, for the confirmation: "SOCKS5 proxy URL of DE-1 copied". */
      description: z.string(),
      clearsInSeconds: z.int().nonnegative(),
      /**
       * A line whose username or password holds ':' in a ':'-joined format: copied all the
       * same, with this warning ("the password contains ':' — …"); the URL formats do not need it.
       */
      colonWarning: z.string().optional(),
    }),
  },
  /**
   * The host picked for the proxy's plan, remembered on this computer, per account; the one
   * Settings → Host to copy gives forgets the plan's choice instead. Answers the account's list.
   */
  'credentials:set-host-choice': {
    input: z.strictObject({ proxyId, hostChoice: hostChoiceSchema }),
    output: planHostChoicesSchema,
  },
  /** The active account's plans whose copies use a host choice of their own, not the settings'. */
  'credentials:plan-host-choices': { input: none, output: planHostChoicesSchema },
  /** The plan's copies follow Settings → Host to copy again. */
  'credentials:forget-host-choice': {
    input: z.strictObject({ planId: z.int().positive() }),
    output: planHostChoicesSchema,
  },
  /** Proxy checks run in the main process, through each proxy, from the user's own machine. */
  'checks:list': { input: none, output: proxyChecksViewSchema },
  'checks:start': { input: z.strictObject({ proxyIds }), output: proxyChecksViewSchema },
  'checks:cancel': { input: none, output: proxyChecksViewSchema },
  /** Writes the proxies, passwords included, to a file the user picks in a save dialog. */
  'export:save': {
    input: z.strictObject({
      proxyIds,
      kind: z.enum(EXPORT_KINDS),
      /** For `lines`: the copy format of each line; the default copy format where omitted. */
      copyFormat: copyFormatSchema.optional(),
    }),
    output: z.discriminatedUnion('saved', [
      z.object({ saved: z.literal(true), fileName: z.string(), count: z.int().nonnegative() }),
      z.object({ saved: z.literal(false) }),
    ]),
  },
  /** The active account's local ports: loopback listeners that log in to their proxy for apps. */
  'local-ports:list': { input: none, output: z.array(localPortViewSchema) },
  /** Opens a port for the proxy (or answers the one open); refused past the settings' limit. */
  'local-ports:open': { input: openLocalPortRequestSchema, output: localPortViewSchema },
  'local-ports:configure': {
    input: configureLocalPortRequestSchema,
    output: localPortViewSchema,
  },
  'local-ports:close': { input: z.strictObject({ proxyId }), output: z.null() },
  /**
   * Copies the port as a proxy URL for apps (`http://127.0.0.1:PORT`, `socks5://…`), with the
   * local password in it when the port requires one; the main process clears it later.
   */
  'local-ports:copy': {
    input: z.strictObject({ proxyId, scheme: z.enum(['http', 'socks5']) }),
    output: z.object({ description: z.string(), clearsInSeconds: z.int().nonnegative() }),
  },
  /**
   * Opens the proxy's local port (if not open) and a browser through it, on a profile of its own
   * that is removed when the browser exits unless `keepProfile`.
   */
  'local-ports:open-browser': {
    input: z.strictObject({ proxyId, keepProfile: z.boolean().optional() }),
    output: z.object({ browser: z.string(), alreadyOpen: z.boolean(), port: localPortViewSchema }),
  },
  /**
   * The active account's pool ports: one loopback address spreading apps' connections over a
   * plan's, a search's or the pinned proxies.
   */
  'pool-ports:list': { input: none, output: z.array(poolPortViewSchema) },
  'pool-ports:open': { input: openPoolPortRequestSchema, output: poolPortViewSchema },
  /** Strategy and per-request for the connections that open from now on; `keep` for the next start. */
  'pool-ports:configure': { input: configurePoolPortRequestSchema, output: poolPortViewSchema },
  'pool-ports:close': { input: z.strictObject({ poolId: z.string().min(1) }), output: z.null() },
  /** Copies the pool as a proxy URL, with the local password in it when the pool requires one. */
  'pool-ports:copy': {
    input: z.strictObject({ poolId: z.string().min(1), scheme: z.enum(['http', 'socks5']) }),
    output: z.object({ description: z.string(), clearsInSeconds: z.int().nonnegative() }),
  },
  'alerts:list': { input: none, output: z.array(alertViewSchema) },
  /** The app's own updates: checked, downloaded and installed by the main process. */
  'updates:status': { input: none, output: updateStatusSchema },
  /** Checks now; answers once the update server has (a found update then downloads on). */
  'updates:check': { input: none, output: updateStatusSchema },
  /** Quits and installs the downloaded update; refused while none is ready. */
  'updates:restart': { input: none, output: z.null() },
  'settings:get': { input: none, output: settingsViewSchema },
  'settings:update': { input: settingsPatchSchema, output: settingsViewSchema },
  /** Things the user must hear about once, e.g. a settings file that was unreadable and backed up. */
  'app:notices': { input: none, output: z.array(z.string()) },
  'desktop:status': { input: none, output: desktopStatusSchema },
  /** Opens the folder of the app's log file in the system's file manager, for support. */
  'logs:open-folder': { input: none, output: z.null() },
  /** Whether `proxy-tray` is on PATH (macOS only: elsewhere the installer put it there). */
  'terminal-command:status': { input: none, output: terminalCommandViewSchema },
  /** Links it in /usr/local/bin, asking for the administrator's password only if need be. */
  'terminal-command:install': { input: none, output: terminalCommandChangeSchema },
  /** Removes that link, if it is this app's. */
  'terminal-command:remove': { input: none, output: terminalCommandChangeSchema },
  'popup:hide': { input: none, output: z.null() },
  'app:quit': { input: none, output: z.null() },
} as const satisfies Record<IpcChannel, { input: z.ZodType; output: z.ZodType }>;

export const ipcEventContract = {
  'plans:changed': plansUpdateSchema,
  'session:changed': sessionViewSchema,
  'settings:changed': settingsViewSchema,
  'checks:changed': proxyChecksDeltaSchema,
  'alerts:changed': z.array(alertViewSchema),
  'updates:changed': updateStatusSchema,
  'desktop:changed': desktopStatusSchema,
  /** The clipboard guard took our copy off the clipboard (not sent when the user copied since). */
  'clipboard:cleared': z.null(),
  /** A pin, an unpin or a copy changed the active account's favorites, or the account changed. */
  'favorites:changed': favoritesViewSchema,
  /**
   * A local port opened, closed or stopped on its own (`notice` then says which and why); the
   * counters are read with `list`, not pushed.
   */
  'local-ports:changed': z.object({
    ports: z.array(localPortViewSchema),
    notice: z.string().optional(),
  }),
  /** A pool port opened, closed or changed (`notice` says why when it changed on its own). */
  'pool-ports:changed': z.object({
    pools: z.array(poolPortViewSchema),
    notice: z.string().optional(),
  }),
  /**
   * `panel`: the tray menu's "Settings…" opens the popup on its settings panel; `planId`: a
   * notification's click opens it at that plan. `byShortcut`: the global shortcut opened it, for a
   * quick copy: "Hide the popup after copying" applies to this opening only.
   */
  'popup:shown': z.object({
    focusSearch: z.boolean(),
    byShortcut: z.boolean().optional(),
    panel: z.enum(['plans', 'settings']).optional(),
    planId: z.int().positive().optional(),
  }),
} as const satisfies Record<IpcEvent, z.ZodType>;

export type IpcInput<Channel extends IpcChannel> = z.input<(typeof ipcContract)[Channel]['input']>;
export type IpcOutput<Channel extends IpcChannel> = z.output<
  (typeof ipcContract)[Channel]['output']
>;
export type IpcEventPayload<Event extends IpcEvent> = z.output<(typeof ipcEventContract)[Event]>;
