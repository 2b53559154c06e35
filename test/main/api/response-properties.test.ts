import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodePlanListing,
  type ListingProblem,
} from '../../../src/main/api/decoding/listing-decoder';
import { UnreadableAnswer } from '../../../src/main/api/decoding/unreadable-answer';
import {
  createProxyServiceClient,
  ProxyServiceError,
  type PlanListing,
  type ProxyServiceClient,
} from '../../../src/main/api/proxy-service-client';
import { planSchema, userSchema } from '../../../src/shared/api';
import { startCannedResponseServer, type CannedResponseServer } from './canned-response-server';
import {
  expectedDecoding,
  heldProxy,
  listingBodies,
  mutatedListing,
  RESPELLINGS,
  responseBodies,
  touchedProxyIds,
  updateAnswerBodies,
  validIntervalResult,
  validLabelResult,
  validRotationResult,
  validUser,
  type MutatedListing,
} from './response-arbitraries';

/*
 * What the app makes of whatever a service answers. Decoding alone runs many cases; over real
 * HTTP through the real client, fewer, enough to show that nothing between the socket and the
 * decoder changes the outcome.
 */
const DECODER_RUNS = 5_000;
const HTTP_RUNS = 250;

let server: CannedResponseServer;
let client: ProxyServiceClient;

beforeAll(async () => {
  server = await startCannedResponseServer();
  client = createProxyServiceClient({
    baseUrl: server.url,
    token: 'property.test.token',
    maxRetries: 0,
    // The canned server answers at once: running into this is a hang, and fails the property.
    timeoutMs: 5_000,
  });
});
afterAll(() => server.close());

type Outcome = { value: unknown } | { error: unknown };

async function outcomeOf(body: string, call: () => Promise<unknown>, status = 200) {
  server.reply(body, status);
  try {
    return { value: await call() } as Outcome;
  } catch (error) {
    return { error } as Outcome;
  }
}

/** The error of an outcome, which must be the client's typed error and not a timeout. */
function typedError(outcome: Outcome): ProxyServiceError {
  const error = 'error' in outcome ? outcome.error : undefined;
  expect(error).toBeInstanceOf(ProxyServiceError);
  expect((error as ProxyServiceError).kind).not.toBe('timeout');
  return error as ProxyServiceError;
}

function expectWellFormedListing(listing: PlanListing): void {
  for (const plan of listing.plans) expect(planSchema.parse(plan)).toEqual(plan);
  const planIds = listing.plans.map((plan) => plan.id);
  const proxyIds = listing.plans.flatMap((plan) => plan.proxies.map((proxy) => proxy.id));
  expect(new Set(planIds).size).toBe(planIds.length);
  expect(new Set(proxyIds).size).toBe(proxyIds.length);
}

/**
 * The key property: whatever one mutation did, every proxy it did not reach is there with its
 * values to the letter; respellings change nothing at all; a broken proxy costs only itself.
 */
function expectMutationOutcome(mutated: MutatedListing, decoded: PlanListing): void {
  const touched = touchedProxyIds(mutated);
  const decodedProxies = new Map(
    decoded.plans.flatMap((plan) => plan.proxies.map((proxy) => [proxy.id, proxy] as const)),
  );
  // Compared with node's deep equality first: expect() on every proxy of every run is slow.
  const changed = mutated.listing
    .flatMap((plan) => plan.proxies)
    .filter((proxy) => !touched.has(proxy.id))
    .filter((proxy) => !isDeepStrictEqual(decodedProxies.get(proxy.id), heldProxy(proxy)));
  expect(changed).toEqual([]);
  const expected = expectedDecoding(mutated);
  if (!isDeepStrictEqual(decoded.plans, expected.plans)) {
    expect(decoded.plans).toEqual(expected.plans);
  }
  const problemsAsExpected =
    decoded.problems.length === expected.problems.length &&
    expected.problems.every((problem, index) =>
      Object.entries(problem).every(([key, value]) =>
        isDeepStrictEqual(decoded.problems[index]?.[key as keyof ListingProblem], value),
      ),
    );
  if (!problemsAsExpected) {
    expect(decoded.problems).toEqual(
      expected.problems.map((problem) => expect.objectContaining(problem)),
    );
  }
  const { kind } = mutated.mutation;
  if (RESPELLINGS.includes(kind)) expect(decoded.problems).toEqual([]);
  if (kind === 'break-proxy') {
    expect(touched.size).toBe(1);
    for (const broken of touched) expect(decodedProxies.has(broken)).toBe(false);
    expect(decoded.problems).toMatchObject([{ effect: 'hidden', item: 'proxy' }]);
  }
}

describe('the plan listing under one mutation', () => {
  it(`decodes as the model says (${DECODER_RUNS} listings, decoder alone)`, () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(mutatedListing, (mutated) => {
        kinds.add(mutated.mutation.kind);
        expectMutationOutcome(mutated, decodePlanListing(mutated.body));
      }),
      { numRuns: DECODER_RUNS },
    );
    expect(kinds.size).toBe(7);
  });

  it(`reads any JSON as a well-formed listing or UnreadableAnswer (${DECODER_RUNS} values)`, () => {
    const anyJson = fc.oneof(
      listingBodies.map((body) => {
        try {
          return JSON.parse(body) as unknown;
        } catch {
          return body;
        }
      }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(anyJson, (json) => {
        let listing: PlanListing;
        try {
          listing = decodePlanListing(json);
        } catch (error) {
          expect(error).toBeInstanceOf(UnreadableAnswer);
          return;
        }
        expectWellFormedListing(listing);
      }),
      { numRuns: DECODER_RUNS },
    );
  });

  // Over HTTP last: idle keep-alive connections must not sit through the decoder-only runs.
  it(`decodes as the model says over HTTP (${HTTP_RUNS} listings)`, async () => {
    await fc.assert(
      fc.asyncProperty(mutatedListing, async (mutated) => {
        const outcome = await outcomeOf(JSON.stringify(mutated.body), () => client.listPlans());
        if ('error' in outcome) throw outcome.error;
        expectMutationOutcome(mutated, outcome.value as PlanListing);
      }),
      { numRuns: HTTP_RUNS },
    );
  });
});

// Over real HTTP through the real client: any body, any status, on every endpoint, ends in a
// value of the app's model or a ProxyServiceError: never another error, never a hang.
const anyStatus = fc.oneof(
  { weight: 6, arbitrary: fc.constant(200) },
  { weight: 1, arbitrary: fc.constantFrom(201, 204, 301, 400, 401, 403, 404, 422, 429, 500, 503) },
);

describe(`any answer, every endpoint (${HTTP_RUNS} answers each)`, () => {
  const endpoints: [string, fc.Arbitrary<string>, () => Promise<unknown>, (v: unknown) => void][] =
    [
      ['getAccount', responseBodies(validUser), () => client.getAccount(), checkUser],
      ['verifyToken', responseBodies(validUser), () => client.verifyToken(), checkUser],
      ['listPlans', listingBodies, () => client.listPlans(), checkListing],
      [
        'setRotation',
        fc.oneof(responseBodies(validRotationResult), updateAnswerBodies),
        () => client.setRotation(7, true),
        (value) => expect(typeof value).toBe('boolean'),
      ],
      [
        'setRotateInterval',
        fc.oneof(responseBodies(validIntervalResult), updateAnswerBodies),
        () => client.setRotateInterval(7, 300),
        (value) => expect(Number.isSafeInteger(value)).toBe(true),
      ],
      [
        'setLabel',
        fc.oneof(responseBodies(validLabelResult), updateAnswerBodies),
        () => client.setLabel(7, 'label'),
        (value) => expect(value).toBeUndefined(),
      ],
    ];

  it.each(endpoints)('%s', async (_name, bodies, call, check) => {
    const seen = { values: 0, errors: 0 };
    await fc.assert(
      fc.asyncProperty(bodies, anyStatus, async (body, status) => {
        const outcome = await outcomeOf(body, call, status);
        if ('value' in outcome) {
          seen.values += 1;
          expect(status).toBeLessThan(300);
          check(outcome.value);
        } else {
          seen.errors += 1;
          const error = typedError(outcome);
          if (status === 200) expect(['bad_response', 'server']).toContain(error.kind);
        }
      }),
      { numRuns: HTTP_RUNS },
    );
    // Both ways out were taken.
    expect(seen.values).toBeGreaterThan(HTTP_RUNS / 20);
    expect(seen.errors).toBeGreaterThan(HTTP_RUNS / 20);
  });
});

function checkUser(value: unknown): void {
  expect(userSchema.parse(value)).toEqual(value);
  expect(JSON.stringify(value)).not.toContain('access_token');
}

function checkListing(value: unknown): void {
  expectWellFormedListing(value as PlanListing);
}

// --- Updates: any 2xx answer is applied unless it says it was not ---------------------------

/** true/false, 1/0, "true"/"false" in any case; anything else says nothing. */
function saidBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase())) {
    return value.toLowerCase() === 'true';
  }
  return undefined;
}

/** The model: refused, or applied with the value the answer reports, else the one requested. */
function expectedUpdate(
  text: string,
  requested: unknown,
  reported?: { field: string; read: (value: unknown) => unknown },
): { refused: true } | { value: unknown } {
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return saidBoolean(body) === false ? { refused: true } : { value: requested };
  }
  const record = body as Record<string, unknown>;
  if (saidBoolean(record['success']) === false || saidBoolean(record['ok']) === false) {
    return { refused: true };
  }
  const value = reported ? reported.read(record[reported.field]) : undefined;
  return { value: value ?? requested };
}

const CANONICAL_POSITIVE = /^[1-9]\d*$/;
const reportedInterval = (value: unknown) => {
  const number =
    typeof value === 'string' && CANONICAL_POSITIVE.test(value) ? Number(value) : value;
  return Number.isSafeInteger(number) && (number as number) > 0 ? number : undefined;
};

const success2xx = fc.constantFrom(200, 201, 202, 204);

describe(`update answers, status 2xx (${HTTP_RUNS} answers each)`, () => {
  const updates: [
    string,
    fc.Arbitrary<unknown>,
    (requested: never) => Promise<unknown>,
    ((value: unknown) => unknown) | undefined,
    { field: string; read: (value: unknown) => unknown } | undefined,
  ][] = [
    [
      'setRotation',
      fc.boolean(),
      (requested: boolean) => client.setRotation(7, requested),
      (value) => value,
      { field: 'is_rotating', read: saidBoolean },
    ],
    [
      'setRotateInterval',
      fc.integer({ min: 1, max: 86_400 }),
      (requested: number) => client.setRotateInterval(7, requested),
      (value) => value,
      { field: 'rotate_interval', read: reportedInterval },
    ],
    [
      'setLabel',
      fc.string({ maxLength: 40 }),
      (requested: string) => client.setLabel(7, requested),
      () => undefined,
      undefined,
    ],
  ];

  it.each(updates)('%s', async (_name, requests, update, resolvedAs, reported) => {
    const seen = { applied: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        updateAnswerBodies,
        success2xx,
        requests,
        async (body, status, requested) => {
          const outcome = await outcomeOf(body, () => update(requested as never), status);
          // Node sends no body with a 204, whatever the handler writes.
          const expected = expectedUpdate(status === 204 ? '' : body, requested, reported);
          if ('refused' in expected) {
            seen.refused += 1;
            expect(typedError(outcome).kind).toBe('server');
          } else {
            seen.applied += 1;
            expect(outcome).toEqual({ value: resolvedAs?.(expected.value) });
          }
        },
      ),
      { numRuns: HTTP_RUNS },
    );
    expect(seen.applied).toBeGreaterThan(HTTP_RUNS / 10);
    expect(seen.refused).toBeGreaterThan(HTTP_RUNS / 20);
  });
});
