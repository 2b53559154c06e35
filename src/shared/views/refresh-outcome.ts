import { z } from 'zod';
import { ipcErrorSchema } from '../ipc/ipc-error';
import { revisionSchema } from './plans-view';

/**
 * How a refresh ended, and nothing of the plans: those reach the popup as `plans:changed`, like
 * every other change (a status alone when nothing changed, the changed plans when some did), so
 * an unchanged listing of 10,000 proxies costs a few hundred bytes, not megabytes.
 *
 * `revision`: every update the refresh announced is at or below it, so the popup knows when what
 * the refresh found is on screen (answers and events may cross). `error`: the refresh's failure,
 * the same the plans' status carries; the last good plans stay.
 */
export const refreshOutcomeSchema = z.object({
  revision: revisionSchema,
  error: ipcErrorSchema.nullable(),
});
export type RefreshOutcome = z.infer<typeof refreshOutcomeSchema>;

/** The outcome a snapshot taken just after a refresh tells. */
export function refreshOutcomeOf(snapshot: RefreshOutcome): RefreshOutcome {
  return { revision: snapshot.revision, error: snapshot.error };
}
