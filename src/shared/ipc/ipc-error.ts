import { z } from 'zod';

/**
 * What went wrong, as the popup receives it. Electron passes only an Error's message across IPC,
 * so handlers return errors as data: a kind the popup reacts to and a sentence it shows.
 */
export const ipcErrorKindSchema = z.enum([
  // From the service client (ProxyServiceError kinds).
  'auth',
  'forbidden',
  'not_found',
  'invalid_input',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'bad_response',
  'unconfirmed',
  // From the main process itself.
  'keychain',
  'storage',
  'signed_out',
  'invalid_request',
  'internal',
]);
export type IpcErrorKind = z.infer<typeof ipcErrorKindSchema>;

export const ipcErrorSchema = z.object({
  kind: ipcErrorKindSchema,
  message: z.string(),
  /** Keychain failures only: the token may be kept in memory for this session instead. */
  canKeepForSession: z.boolean().optional(),
  /** The change was not taken by the service but is kept on this computer: news, not a failure. */
  keptLocally: z.boolean().optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

/** A handler's answer: the value, or an error as data. */
export function ipcResultSchema<Value extends z.ZodType>(value: Value) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }),
  ]);
}
export type IpcResult<Value> = { ok: true; value: Value } | { ok: false; error: IpcError };
