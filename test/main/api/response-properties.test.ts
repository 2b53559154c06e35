import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createProxyServiceClient,
  ProxyServiceError,
  type ProxyServiceClient,
} from '../../../src/main/api/proxy-service-client';
import {
  labelResultSchema,
  planListSchema,
  rotateIntervalResultSchema,
  rotationResultSchema,
  userSchema,
} from '../../../src/shared/api';
import { startCannedResponseServer, type CannedResponseServer } from './canned-response-server';
import {
  responseBodies,
  validIntervalResult,
  validLabelResult,
  validPlanList,
  validRotationResult,
  validUser,
} from './response-arbitraries';

const RUNS_PER_ENDPOINT = 10_000;

let server: CannedResponseServer;
let client: ProxyServiceClient;

beforeEach(() => {
  acceptedBodies = 0;
});
afterEach(() => {
  // A quarter of the bodies are valid resources; most of them must have come through.
  expect(acceptedBodies).toBeGreaterThan(RUNS_PER_ENDPOINT / 10);
  expect(acceptedBodies).toBeLessThan(RUNS_PER_ENDPOINT);
});

beforeAll(async () => {
  server = await startCannedResponseServer();
  client = createProxyServiceClient({
    baseUrl: server.url,
    token: 'property.test.token',
    maxRetries: 0,
  });
});
afterAll(() => server.close());

type Outcome = { value: unknown } | { error: unknown };

/** Bodies the schema accepted in the current property: proof that both paths were exercised. */
let acceptedBodies = 0;

async function outcomeOf(body: string, call: () => Promise<unknown>): Promise<Outcome> {
  server.reply(body);
  try {
    return { value: await call() };
  } catch (error) {
    return { error };
  }
}

function expectBadResponse(outcome: Outcome): void {
  expect('error' in outcome && outcome.error).toBeInstanceOf(ProxyServiceError);
  expect((outcome as { error: ProxyServiceError }).error.kind).toBe('bad_response');
}

/** What a body should produce: the parsed value when the schema accepts it, else bad_response. */
function accepted(
  body: string,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
) {
  try {
    const result = schema.safeParse(JSON.parse(body));
    if (!result.success) return undefined;
    acceptedBodies += 1;
    return { data: result.data };
  } catch {
    return undefined;
  }
}

// Over real HTTP through the real client: every body either becomes a schema-valid value or a
// bad_response, never a crash, a hang or another kind of error.
describe(
  `client response handling (${RUNS_PER_ENDPOINT} bodies per endpoint)`,
  { timeout: 180_000 },
  () => {
    it.each([
      ['getAccount', () => client.getAccount()],
      ['verifyToken', () => client.verifyToken()],
    ])('%s', async (_name, call) => {
      await fc.assert(
        fc.asyncProperty(responseBodies(validUser), async (body) => {
          const outcome = await outcomeOf(body, call);
          const expected = accepted(body, userSchema);
          if (expected) expect(outcome).toEqual({ value: expected.data });
          else expectBadResponse(outcome);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });

    it('listPlans', async () => {
      await fc.assert(
        fc.asyncProperty(responseBodies(validPlanList), async (body) => {
          const outcome = await outcomeOf(body, () => client.listPlans());
          const expected = accepted(body, planListSchema);
          if (expected) expect(outcome).toEqual({ value: expected.data });
          else expectBadResponse(outcome);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });

    it('setRotation', async () => {
      await fc.assert(
        fc.asyncProperty(responseBodies(validRotationResult), async (body) => {
          const outcome = await outcomeOf(body, () => client.setRotation(7, true));
          const expected = accepted(body, rotationResultSchema);
          if (expected)
            expect(outcome).toEqual({
              value: (expected.data as { is_rotating: boolean }).is_rotating,
            });
          else expectBadResponse(outcome);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });

    it('setRotateInterval (success: false is a server refusal, not a bad response)', async () => {
      await fc.assert(
        fc.asyncProperty(responseBodies(validIntervalResult), async (body) => {
          const outcome = await outcomeOf(body, () => client.setRotateInterval(7, 300));
          const expected = accepted(body, rotateIntervalResultSchema);
          if (!expected) return expectBadResponse(outcome);
          if ((expected.data as { success: boolean }).success)
            expect(outcome).toEqual({ value: undefined });
          else expect((outcome as { error: ProxyServiceError }).error.kind).toBe('server');
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });

    it('setLabel', async () => {
      await fc.assert(
        fc.asyncProperty(responseBodies(validLabelResult), async (body) => {
          const outcome = await outcomeOf(body, () => client.setLabel(7, 'label'));
          if (accepted(body, labelResultSchema)) expect(outcome).toEqual({ value: undefined });
          else expectBadResponse(outcome);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  },
);
