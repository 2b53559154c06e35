import { describe, expect, it } from 'vitest';
import { cleanPastedToken } from '../../../src/main/session/pasted-token';

describe('cleanPastedToken', () => {
  it.each([
    ['eyJ.a.b', 'eyJ.a.b'],
    ['  eyJ.a.b \n', 'eyJ.a.b'],
    ['Bearer eyJ.a.b', 'eyJ.a.b'],
    ['bearer   eyJ.a.b', 'eyJ.a.b'],
    ['\tBEARER eyJ.a.b\r\n', 'eyJ.a.b'],
    ['Authorization: Bearer eyJ.a.b', 'eyJ.a.b'],
    ['authorization:Bearer eyJ.a.b', 'eyJ.a.b'],
    ['Authorization : Bearer eyJ.a.b', 'eyJ.a.b'],
    // "bearer" only counts at the start: a token may end with those letters.
    ['eyJ.a.bearer', 'eyJ.a.bearer'],
    ['Bearer', ''],
    ['Bearerish.token', 'Bearerish.token'],
    ['', ''],
  ])('%j → %j', (pasted, token) => {
    expect(cleanPastedToken(pasted)).toBe(token);
  });
});
