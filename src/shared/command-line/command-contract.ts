import { z } from 'zod';
import {
  copyFieldSchema,
  copyFormatSchema,
  copyTemplateSchema,
  hostChoiceSchema,
} from '../credentials/copy-format-schema';
import { EXPORT_KINDS } from '../export/export-kinds';
import { ipcContract } from '../ipc/contract';
import type { IpcChannel } from '../ipc/channel-names';

/**
 * What a script may ask of the app (the `proxy-tray` command line, in-process or over the
 * per-user socket): the popup's channels, but those of the desktop itself, and two of its own that
 * hand out credentials as text. The popup never sees these two: it copies through the main
 * process, and its bridge is built from the popup's contract only.
 */

/**
 * The desktop's own: a script has no popup to hide, nor any business quitting or restarting the
 * app, or asking for the administrator's password to change what is on PATH.
 */
const DESKTOP_CHANNELS = [
  'popup:hide',
  'app:quit',
  'updates:restart',
  'logs:open-folder',
  'terminal-command:status',
  'terminal-command:install',
  'terminal-command:remove',
] as const satisfies readonly IpcChannel[];
type DesktopChannel = (typeof DESKTOP_CHANNELS)[number];

const proxyIds = z.array(z.int().positive()).min(1).max(100_000);

export const commandLineContract = {
  /**
   * One line per proxy, in the order asked: a whole line in a copy format (the default copy
   * format where none is named; `template` is a custom template for this call alone), or one field.
   */
  'cli:credentials': {
    input: z.union([
      z.strictObject({
        proxyIds,
        format: copyFormatSchema.optional(),
        template: copyTemplateSchema.optional(),
        hostChoice: hostChoiceSchema.optional(),
      }),
      z.strictObject({ proxyIds, field: copyFieldSchema, hostChoice: hostChoiceSchema.optional() }),
    ]),
    output: z.object({ lines: z.array(z.string()) }),
  },
  /** An export's file, as the popup's save dialog would have written it, handed back as text. */
  'cli:export': {
    input: z.strictObject({
      proxyIds,
      kind: z.enum(EXPORT_KINDS),
      copyFormat: copyFormatSchema.optional(),
    }),
    output: z.object({ fileName: z.string(), content: z.string(), count: z.int().nonnegative() }),
  },
  /**
   * An open local port's address for apps (`http://127.0.0.1:PORT`, `socks5://…`), with its local
   * password in it when the port requires one: what the popup's "Copy address" puts on the clipboard.
   */
  'cli:local-port-url': {
    input: z.strictObject({ proxyId: z.int().positive(), scheme: z.enum(['http', 'socks5']) }),
    output: z.object({ url: z.string() }),
  },
  /** An open pool port's address for apps, with its local password in it when it requires one. */
  'cli:pool-url': {
    input: z.strictObject({ poolId: z.string().min(1), scheme: z.enum(['http', 'socks5']) }),
    output: z.object({ url: z.string() }),
  },
} as const;
export type CommandLineChannel = keyof typeof commandLineContract;

type ScriptIpcChannel = Exclude<IpcChannel, DesktopChannel>;
export type CommandChannel = ScriptIpcChannel | CommandLineChannel;

const desktop = new Set<string>(DESKTOP_CHANNELS);
const scriptIpcContract = Object.fromEntries(
  Object.entries(ipcContract).filter(([channel]) => !desktop.has(channel)),
) as Pick<typeof ipcContract, ScriptIpcChannel>;

/** Every channel a script may call, with its input and output schemas. */
export const commandContract = { ...scriptIpcContract, ...commandLineContract };

export type CommandInput<Channel extends CommandChannel> = z.input<
  (typeof commandContract)[Channel]['input']
>;
export type CommandOutput<Channel extends CommandChannel> = z.output<
  (typeof commandContract)[Channel]['output']
>;
