import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How the process that serves the command socket proves it is Proxy Tray: the command line sends
 * a fresh random challenge, and only a process that knows this user's command-line key
 * (command-key.ts) can answer with its HMAC. A fresh challenge each time: an answer captured once
 * (by an impostor that relayed a challenge to the real app) proves nothing the next time.
 */

/** Said before the challenge, so a proof for the command line is never one for anything else. */
const PROOF_CONTEXT = 'proxy-tray server\n';

export function newChallenge(): string {
  return randomBytes(32).toString('hex');
}

export function proofOf(key: Buffer, challenge: string): string {
  return createHmac('sha256', key)
    .update(PROOF_CONTEXT + challenge)
    .digest('hex');
}

/** Compared in constant time: how long the comparison takes tells nothing of the right proof. */
export function proves(key: Buffer, challenge: string, proof: string | undefined): boolean {
  if (proof === undefined) return false;
  const expected = Buffer.from(proofOf(key, challenge), 'hex');
  const given = Buffer.from(proof, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
