import type { z } from 'zod';
import { commandContract, type CommandChannel } from '../../shared/command-line/command-contract';
import { planViewSchema, plansSnapshotSchemaOf } from '../../shared/views/plans-view';

/**
 * What an answer from the app's process is checked against here. The contract trusts plan views
 * by identity, as checked once where they were built (trusted-plan-view.ts); an answer that
 * crossed the socket is plain data this process never built, so the contract's schema would
 * refuse every plan view in it: they are checked field by field here instead.
 */
const plansSnapshotFromOwner = plansSnapshotSchemaOf(planViewSchema);

export function outputSchemaFromOwner(channel: CommandChannel): z.ZodType {
  return channel === 'plans:list' ? plansSnapshotFromOwner : commandContract[channel].output;
}
