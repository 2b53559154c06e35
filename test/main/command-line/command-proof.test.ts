import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newChallenge, proofOf, proves } from '../../../src/main/command-line/command-proof';

const key = Buffer.alloc(32, 9);

describe("the command socket's proof", () => {
  it("is the HMAC-SHA256, under the user's key, of the challenge said for the command line", () => {
    const challenge = 'c'.repeat(64);
    expect(proofOf(key, challenge)).toBe(
      createHmac('sha256', key).update(`proxy-tray server\n${challenge}`).digest('hex'),
    );
    expect(proofOf(Buffer.alloc(32, 1), challenge)).not.toBe(proofOf(key, challenge));
  });

  it('proves only for its own challenge and key; a missing, short or foreign proof is false, never a throw', () => {
    const challenge = newChallenge();
    expect(challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(newChallenge()).not.toBe(challenge);
    const proof = proofOf(key, challenge);
    expect(proves(key, challenge, proof)).toBe(true);
    expect(proves(key, newChallenge(), proof)).toBe(false);
    expect(proves(Buffer.alloc(32, 1), challenge, proof)).toBe(false);
    expect(proves(key, challenge, undefined)).toBe(false);
    expect(proves(key, challenge, proof.slice(0, 10))).toBe(false);
    expect(proves(key, challenge, `${proof}00`)).toBe(false);
    expect(proves(key, challenge, 'not hex at all')).toBe(false);
  });
});
