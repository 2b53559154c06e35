import { IPC_CHANNELS, type IpcChannel } from '../../shared/ipc/channel-names';
import { ipcContract } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import { toIpcError } from '../errors/error-to-ipc';
import { describeInputIssue } from './input-issue';
import type { UseCases } from '../app/use-case-types';

const KNOWN_CHANNELS = new Set<string>(IPC_CHANNELS);

/**
 * Runs one message from the popup: the channel must exist, the input must match the contract
 * exactly (unknown fields are refused by name: the use case never runs), and so must the output — which also strips anything the contract does not name (a password
 * or a token added by mistake never reaches the popup). Every failure comes back as data.
 */
export async function dispatchIpc(
  useCases: UseCases,
  channel: string,
  rawInput: unknown,
  onInternalError: (error: unknown) => void = () => {},
): Promise<IpcResult<unknown>> {
  if (!KNOWN_CHANNELS.has(channel)) {
    return invalidRequest(`Unknown request "${channel.slice(0, 100)}".`);
  }
  const known = channel as IpcChannel;
  const contract = ipcContract[known];
  const input = contract.input.safeParse(rawInput);
  if (!input.success) return invalidRequest(describeInputIssue(input.error));
  try {
    const useCase = useCases[known] as (input: unknown) => Promise<unknown>;
    const output = contract.output.safeParse(await useCase(input.data));
    if (!output.success)
      throw new Error(`The answer to ${known} broke the contract: ${output.error.message}`);
    return { ok: true, value: output.data };
  } catch (error) {
    const ipcError = toIpcError(error);
    if (ipcError.kind === 'internal') onInternalError(error);
    return { ok: false, error: ipcError };
  }
}

function invalidRequest(message: string): IpcResult<never> {
  return { ok: false, error: { kind: 'invalid_request', message } };
}
