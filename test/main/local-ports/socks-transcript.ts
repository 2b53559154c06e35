/**
 * What a SOCKS5 server sent, read against RFC 1928/1929: a method choice, a login status when the
 * method was username/password, a reply to the request, then tunnel bytes after a success. Used
 * by the fuzz to judge the port's answers without a second implementation of its handshake.
 */
export interface Transcript {
  /** Every byte fits that sequence (a prefix of it counts: the server may not be done). */
  wellFormed: boolean;
  /** The server said no (no acceptable method, login failed, a reply other than success). */
  refused: boolean;
}

const REPLY = [0x05, -1, 0x00, 0x01, 0, 0, 0, 0, 0, 0];

export function readTranscript(answer: Buffer): Transcript {
  const bytes = [...answer];
  const at = (index: number) => bytes[index];
  const fits = (start: number, shape: number[]) =>
    shape.every((want, i) => start + i >= bytes.length || want === -1 || at(start + i) === want);
  const ended = (next: number): Transcript => ({ wellFormed: bytes.length <= next, refused: true });

  if (!fits(0, [0x05])) return { wellFormed: false, refused: false };
  const method = at(1);
  if (method === undefined) return { wellFormed: true, refused: false };
  if (method === 0xff) return ended(2);
  if (method !== 0x00 && method !== 0x02) return { wellFormed: false, refused: false };
  let next = 2;
  if (method === 0x02) {
    if (!fits(next, [0x01])) return { wellFormed: false, refused: false };
    const status = at(next + 1);
    if (status === undefined) return { wellFormed: true, refused: false };
    if (status !== 0x00)
      return { ...ended(next + 2), wellFormed: status === 0x01 && bytes.length <= next + 2 };
    next += 2;
  }
  if (!fits(next, REPLY)) return { wellFormed: false, refused: false };
  const code = at(next + 1);
  if (code === undefined || code === 0x00) return { wellFormed: true, refused: false };
  return ended(next + REPLY.length);
}
