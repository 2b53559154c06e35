import { z } from 'zod';

const linkPath = z.string();

/**
 * The `proxy-tray` command on the PATH of macOS, where no installer puts it there: what is at the
 * link's path (`/usr/local/bin/proxy-tray`), as Settings shows it. Other systems' installers put
 * the command on PATH themselves: there the state is `unavailable` and Settings shows nothing.
 */
export const terminalCommandViewSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('unavailable') }),
  /** Nothing there: Install. */
  z.object({ state: z.literal('absent'), linkPath }),
  /** A link to this app's command. */
  z.object({ state: z.literal('installed'), linkPath }),
  /** A link to something else (an older copy of the app elsewhere, or nothing): ours to replace. */
  z.object({ state: z.literal('other-link'), linkPath, target: z.string() }),
  /** A file or a folder nobody made a link: not ours, left alone. */
  z.object({ state: z.literal('not-a-link'), linkPath }),
]);
export type TerminalCommandView = z.infer<typeof terminalCommandViewSchema>;

/** An install or a removal: the state read again afterwards, and whether the user said no. */
export const terminalCommandChangeSchema = z.object({
  view: terminalCommandViewSchema,
  /** The administrator password prompt was cancelled: nothing changed, and no failure either. */
  cancelled: z.boolean(),
});
export type TerminalCommandChange = z.infer<typeof terminalCommandChangeSchema>;
