import type { z } from 'zod';
import { ipcContract } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import { toIpcError } from '../errors/error-to-ipc';
import { describeInputIssue } from './input-issue';
import type { UseCases } from '../app/use-case-types';

/** A contract as the dispatcher reads it: each channel's input and output schema. */
export type DispatchContract = Readonly<
  Record<string, { readonly input: z.ZodType; readonly output: z.ZodType }>
>;

/** One function per channel of a contract, given its validated input. */
export type Handlers<Contract extends DispatchContract> = {
  [Channel in keyof Contract]: (
    input: z.output<Contract[Channel]['input']>,
  ) => Promise<z.input<Contract[Channel]['output']>>;
};

/**
 * Runs one message from a client: the channel must exist, the input must match the contract
 * exactly (unknown fields are refused by name: the use case never runs), and so must the output —
 * which also strips anything the contract does not name (a password or a token added by mistake
 * never reaches the client). Every failure comes back as data.
 */
export async function dispatchCall<Contract extends DispatchContract>(
  contract: Contract,
  handlers: Handlers<Contract>,
  channel: string,
  rawInput: unknown,
  onInternalError: (error: unknown) => void = () => {},
): Promise<IpcResult<unknown>> {
  if (!Object.hasOwn(contract, channel)) {
    return invalidRequest(`Unknown request "${channel.slice(0, 100)}".`);
  }
  const schemas = contract[channel] as Contract[string];
  const input = schemas.input.safeParse(rawInput);
  if (!input.success) return invalidRequest(describeInputIssue(input.error));
  try {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    const output = schemas.output.safeParse(await handler(input.data));
    if (!output.success)
      throw new Error(`The answer to ${channel} broke the contract: ${output.error.message}`);
    return { ok: true, value: output.data };
  } catch (error) {
    const ipcError = toIpcError(error);
    if (ipcError.kind === 'internal') onInternalError(error);
    return { ok: false, error: ipcError };
  }
}

/** A message from the popup, over the popup's contract. */
export function dispatchIpc(
  useCases: UseCases,
  channel: string,
  rawInput: unknown,
  onInternalError?: (error: unknown) => void,
): Promise<IpcResult<unknown>> {
  return dispatchCall(ipcContract, useCases, channel, rawInput, onInternalError);
}

function invalidRequest(message: string): IpcResult<never> {
  return { ok: false, error: { kind: 'invalid_request', message } };
}
