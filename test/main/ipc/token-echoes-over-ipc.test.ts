import fc from 'fast-check';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useReferenceService } from '../api/reference-service-fixture';
import { errorBodyEchoing, survivingFragment } from '../api/token-echo-arbitraries';
import { startSignedIn, useMainProcess } from './main-services-fixture';

/*
 * End to end: the reference service answers an error whose body echoes the access token, whole
 * or in pieces, among random text. No piece of 12 characters or more reaches the client's error,
 * the IPC reply, a `plans:changed` event or the log — what the popup shows comes from the first
 * three. (The redaction itself is checked on many more cases in redact-token-echoes.test.ts.)
 */

const fixture = useReferenceService();
const main = useMainProcess();

/** Statuses that answer at once: no retry, and the session stays signed in for the next run. */
const statuses = fc.constantFrom(400, 403, 404, 409, 422);
const RUNS = 100;

describe('a token echoed in an error body never leaves the main process', () => {
  it('not in the client error', async () => {
    const token = fixture.service().tokenFor('demo');
    const client = fixture.client('demo', { maxRetries: 0 });
    await fc.assert(
      fc.asyncProperty(statuses, errorBodyEchoing(token), async (status, body) => {
        fixture.service().faults.clear();
        fixture.service().faults.add({ path: '/users/plans', status, body });
        const error = await rejectionOf(client.listPlans());
        const everything = [
          String(error),
          JSON.stringify(error),
          inspect(error, { depth: 10, showHidden: true }),
        ].join('\n');
        expect(everything).toContain(`HTTP ${status}`);
        expect(survivingFragment(everything, token)).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('not in the IPC reply, the plans:changed events or the log', async () => {
    const token = fixture.service().tokenFor('demo');
    const app = await startSignedIn(main, fixture.service());
    await fc.assert(
      fc.asyncProperty(statuses, errorBodyEchoing(token), async (status, body) => {
        fixture.service().faults.clear();
        fixture.service().faults.add({ path: '/users/plans', status, body });
        const eventsBefore = app.events.length;
        const logBefore = app.log.lines.length;

        const reply = await app.call('plans:refresh');

        const events = app.events.slice(eventsBefore);
        const logged = app.log.lines.slice(logBefore);
        expect(JSON.stringify(reply)).toContain(`HTTP ${status}`);
        expect(events.some(({ event }) => event === 'plans:changed')).toBe(true);
        expect(survivingFragment(JSON.stringify(reply), token)).toBeUndefined();
        expect(survivingFragment(JSON.stringify(events), token)).toBeUndefined();
        expect(survivingFragment(inspect(logged, { depth: 10 }), token)).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
    expect(app.internalErrors).toEqual([]);
  });
});
