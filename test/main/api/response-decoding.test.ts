import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-error';
import { badResponse, decodeResponse } from '../../../src/main/api/response-decoding';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();

describe('reading a successful answer', () => {
  it('an answer of only white space is called empty, not "not JSON"', async () => {
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: ' \r\n\t ' });
    const error = await rejectionOf(fixture.client().listPlans());
    expect(error).toMatchObject({
      kind: 'bad_response',
      message:
        'Loading your plans failed: the service sent an answer this app does not understand (the answer was empty).',
    });
  });

  it('a fault in a decoder itself is not passed off as the service’s bad answer', () => {
    const bug = new TypeError('decoder bug');
    const failure = (detail: string) => badResponse('Loading', detail);
    let thrown: unknown;
    try {
      decodeResponse(
        '{}',
        () => {
          throw bug;
        },
        failure,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(bug);
    expect(thrown).not.toBeInstanceOf(ProxyServiceError);
  });
});
