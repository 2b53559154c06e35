import { z } from 'zod';
import { ipcErrorSchema } from '../../shared/ipc/ipc-error';

/**
 * The messages of the command channel, validated on both sides. The result's value is checked by
 * the caller against the contract of its channel; here it is any JSON.
 */

/** Who serves the socket: the app (or the harness that plays it) or a standalone command. */
export const commandOwnerSchema = z.enum(['app', 'command-line']);
export type CommandOwner = z.infer<typeof commandOwnerSchema>;

/** 32 bytes in lowercase hex: a challenge, or an HMAC-SHA256 proof (command-proof.ts). */
const hex32Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** The first line on every connection, the client's: prove you know this user's key. */
export const challengeSchema = z.strictObject({
  proxyTray: z.literal(1),
  challenge: hex32Schema,
});
export type Challenge = z.infer<typeof challengeSchema>;

/**
 * The server's answer to the challenge: the proof, who owns the data, and whether it answers now.
 */
export const helloSchema = z.strictObject({
  proxyTray: z.literal(1),
  owner: commandOwnerSchema,
  pid: z.int().min(0),
  access: z.boolean(),
  proof: hex32Schema,
});
export type HelloLine = z.infer<typeof helloSchema>;
/** The hello as the client keeps it, once its proof is checked. */
export type Hello = Omit<HelloLine, 'proof'>;

export const CHANNEL_NAME_MAX = 100;

export const commandRequestSchema = z.strictObject({
  id: z.int().min(0),
  channel: z.string().max(CHANNEL_NAME_MAX),
  // Parsed from JSON already; the contract of the channel checks it.
  input: z.unknown().optional(),
});
export type CommandRequest = z.infer<typeof commandRequestSchema>;

const resultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: ipcErrorSchema }),
]);

export const commandAnswerSchema = z.union([
  z.strictObject({ id: z.int().min(0), result: resultSchema }),
  z.strictObject({ id: z.int().min(0), refused: z.literal('access-off') }),
]);

export const badRequestSchema = z.strictObject({
  id: z.null(),
  refused: z.literal('bad-request'),
  message: z.string(),
});
