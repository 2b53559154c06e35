import { z } from 'zod';
import {
  copyFormatSchema,
  copyTemplateSchema,
  DEFAULT_CUSTOM_TEMPLATE,
  hostChoiceSchema,
} from '../credentials';
import { CHECK_CONCURRENCY_MAX, CHECK_PROTOCOLS } from '../proxy-check/check-reasons';
import { echoUrlProblem } from './echo-url';
import { checkAccelerator } from './shortcut-accelerator';
import {
  ALERT_WARNING_DAYS_MAX,
  CLIPBOARD_CLEAR_MAX_SECONDS,
  DEFAULT_CHECK_ECHO_URL,
  LOCAL_PORT_CONNECTIONS_MAX,
  LOCAL_PORT_IDLE_MAX_MINUTES,
  LOCAL_PORTS_MAX,
  REFRESH_INTERVAL_MAX_MINUTES,
  THEMES,
  type Theme,
} from './setting-choices';

/**
 * The settings file, as code. Every field has a default, so `settingsSchema.parse({})` is the full
 * default settings. Error messages are sentences a user may read: the popup shows them when a change
 * is refused, and the recovery report quotes them when a stored value was reset.
 */

/** Bump together with a new entry in `settingsMigrations` (migrations.ts). */
export const SETTINGS_SCHEMA_VERSION = 1;

const COPY_FORMAT_IDS = copyFormatSchema.options;
const HOST_CHOICE_IDS = hostChoiceSchema.options;

export { CLIPBOARD_CLEAR_MAX_SECONDS, REFRESH_INTERVAL_MAX_MINUTES, THEMES, type Theme };

/** Names are kept shortened to this many characters (see shortenName), never refused. */
export const MAX_SHOWN_NAME_LENGTH = 200;

function boundedInteger(min: number, max: number, message: string) {
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const serviceUrlSchema = z
  .string()
  .min(1)
  .max(2048)
  .refine((text) => URL.canParse(text), 'Expected a URL');

/**
 * What the app remembers of a signed-in account. Strict, so that a stray field (a token above all)
 * is refused rather than written: the token lives in the keychain only.
 */
export const storedAccountSchema = z.strictObject(
  {
    // The user's key (any text the service sends) at the service URL.
    id: z.string().min(1).max(4096),
    serviceUrl: serviceUrlSchema,
    /** null for a service whose account record has no uuid. */
    userUuid: z.string().min(1).max(1024).nullable(),
    username: z.string().min(1).max(MAX_SHOWN_NAME_LENGTH),
    displayName: z.string().max(MAX_SHOWN_NAME_LENGTH),
  },
  { error: 'An account must have only an id, service URL, user UUID, username and display name.' },
);
export type StoredAccount = z.infer<typeof storedAccountSchema>;

const accountIdSchema = z.string({ error: 'The active account must be an account id or null.' });

/** Each user-changeable field without its default: the patch schema makes them optional. */
const userFields = {
  copyFormat: z.enum(COPY_FORMAT_IDS, {
    error: `The copy format must be one of: ${COPY_FORMAT_IDS.join(', ')}.`,
  }),
  // The formatter's own rules: a template the copy would refuse is refused when saved.
  customTemplate: copyTemplateSchema,
  hostChoice: z.enum(HOST_CHOICE_IDS, {
    error: `The host to copy must be one of: ${HOST_CHOICE_IDS.join(', ')}.`,
  }),
  hideAfterCopy: z.boolean({ error: '“Hide the popup after copying” must be true or false.' }),
  clipboardClearSeconds: boundedInteger(
    0,
    CLIPBOARD_CLEAR_MAX_SECONDS,
    `The clipboard clear delay must be a whole number of seconds from 0 (never) to ${CLIPBOARD_CLEAR_MAX_SECONDS}.`,
  ),
  refreshIntervalMinutes: boundedInteger(
    1,
    REFRESH_INTERVAL_MAX_MINUTES,
    `The refresh interval must be a whole number of minutes from 1 to ${REFRESH_INTERVAL_MAX_MINUTES}.`,
  ),
  openAtLogin: z.boolean({ error: '“Open at login” must be true or false.' }),
  startHidden: z.boolean({ error: '“Start hidden” must be true or false.' }),
  // The global shortcut. Its key keeps the name settings files have had from the start: renaming
  // it would need a migration for no change the user sees.
  globalHotkey: z
    .string({
      error: 'The global shortcut must be text such as CommandOrControl+Shift+P, or none.',
    })
    .max(100, { error: 'The global shortcut must be at most 100 characters long.' })
    // Checked as on macOS, where every modifier exists; registering it says so on other systems.
    .superRefine((text, context) => {
      const checked = checkAccelerator(text, 'darwin');
      if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
    })
    .nullable(),
  theme: z.enum(THEMES, { error: `The theme must be one of: ${THEMES.join(', ')}.` }),
  alertWarningDays: boundedInteger(
    0,
    ALERT_WARNING_DAYS_MAX,
    `The warning time must be a whole number of days from 0 (no warnings) to ${ALERT_WARNING_DAYS_MAX}.`,
  ),
  checkEchoUrl: z
    .string({ error: 'The IP echo URL must be text.' })
    .max(2048, { error: 'The IP echo URL must be at most 2048 characters long.' })
    .superRefine((text, context) => {
      const problem = echoUrlProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  checkProtocol: z.enum(CHECK_PROTOCOLS, {
    error: `The check protocol must be one of: ${CHECK_PROTOCOLS.join(', ')}.`,
  }),
  checkConcurrency: boundedInteger(
    1,
    CHECK_CONCURRENCY_MAX,
    `The number of checks at once must be a whole number from 1 to ${CHECK_CONCURRENCY_MAX}.`,
  ),
  checkForUpdates: z.boolean({ error: '“Check for updates automatically” must be true or false.' }),
  commandLineAccess: z.boolean({ error: '“Command-line access” must be true or false.' }),
  browserPath: z
    .string({ error: 'The browser path must be text, or none to find one.' })
    .max(4096, { error: 'The browser path must be at most 4096 characters long.' })
    .nullable(),
  localPortsMax: boundedInteger(
    1,
    LOCAL_PORTS_MAX,
    `The number of local ports must be a whole number from 1 to ${LOCAL_PORTS_MAX}.`,
  ),
  localPortIdleMinutes: boundedInteger(
    1,
    LOCAL_PORT_IDLE_MAX_MINUTES,
    `The idle time of a local port's connections must be a whole number of minutes from 1 to ${LOCAL_PORT_IDLE_MAX_MINUTES}.`,
  ),
  localPortConnectionsMax: boundedInteger(
    1,
    LOCAL_PORT_CONNECTIONS_MAX,
    `The connections a local port holds must be a whole number from 1 to ${LOCAL_PORT_CONNECTIONS_MAX}.`,
  ),
};

export const settingsSchema = z.object({
  schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION).default(SETTINGS_SCHEMA_VERSION),
  accounts: z.array(storedAccountSchema).default([]),
  activeAccountId: accountIdSchema.nullable().default(null),
  // The service URL of the account last made active, kept after the last sign-out so the sign-in
  // form can offer it again; an address, not a secret.
  lastServiceUrl: serviceUrlSchema.nullable().default(null),
  copyFormat: userFields.copyFormat.default('ip-port-user-pass'),
  customTemplate: userFields.customTemplate.default(DEFAULT_CUSTOM_TEMPLATE),
  hostChoice: userFields.hostChoice.default('entry'),
  // On, as in a password manager's quick access: it applies to the popup the shortcut opened.
  // Files written before this setting existed simply lack it: the default applies, no migration.
  hideAfterCopy: userFields.hideAfterCopy.default(true),
  clipboardClearSeconds: userFields.clipboardClearSeconds.default(30),
  refreshIntervalMinutes: userFields.refreshIntervalMinutes.default(5),
  openAtLogin: userFields.openAtLogin.default(false),
  startHidden: userFields.startHidden.default(true),
  globalHotkey: userFields.globalHotkey.default('CommandOrControl+Shift+Space'),
  theme: userFields.theme.default('system'),
  alertWarningDays: userFields.alertWarningDays.default(3),
  checkEchoUrl: userFields.checkEchoUrl.default(DEFAULT_CHECK_ECHO_URL),
  checkProtocol: userFields.checkProtocol.default('http'),
  checkConcurrency: userFields.checkConcurrency.default(4),
  // Files written before this setting existed simply lack it: the default applies, no migration.
  checkForUpdates: userFields.checkForUpdates.default(true),
  // Files written before this setting existed simply lack it: the default applies, no migration.
  localPortsMax: userFields.localPortsMax.default(50),
  // Files written before these settings existed simply lack them: the defaults apply.
  localPortIdleMinutes: userFields.localPortIdleMinutes.default(10),
  localPortConnectionsMax: userFields.localPortConnectionsMax.default(512),
  browserPath: userFields.browserPath.default(null),
  // Off until the user turns it on: the socket answers any program the user runs, which on macOS
  // would bypass the keychain's own prompts. Files written before it simply lack it: no migration.
  commandLineAccess: userFields.commandLineAccess.default(false),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

/**
 * A change from the popup: any subset of the user's fields. Strict, so a misspelt key is an error
 * instead of a silent no-op; accounts are absent on purpose (they change only through the session
 * service, by signing in or out).
 */
export const settingsPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(userFields).map(([key, schema]) => [key, schema.optional()]),
  ) as { [K in keyof typeof userFields]: z.ZodOptional<(typeof userFields)[K]> },
  {
    // A misspelt or unknown key keeps zod's own message, which names it.
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? undefined
        : 'A settings change must be an object of setting names and values.',
  },
);
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The fields a settings change may name, in schema order. */
export const PATCHABLE_SETTING_KEYS = Object.keys(userFields) as (keyof typeof userFields)[];

/** The accounts part, changed only by the session service; the active id must name one of them. */
export const accountsUpdateSchema = z
  .object({
    accounts: z.array(storedAccountSchema, { error: 'The accounts must be a list.' }),
    activeAccountId: accountIdSchema.nullable(),
  })
  .refine(
    ({ accounts }) => new Set(accounts.map((account) => account.id)).size === accounts.length,
    { error: 'Two accounts have the same id.', path: ['accounts'] },
  )
  .refine(
    ({ accounts, activeAccountId }) =>
      activeAccountId === null || accounts.some((account) => account.id === activeAccountId),
    { error: 'The active account must be one of the accounts.', path: ['activeAccountId'] },
  );
