import fc from 'fast-check';
import { socks5 } from './socks-raw-clients';

/** Which of the fuzz's ports a connection goes to (see socks-fuzz.test.ts). */
export type FuzzPort = 'deadUpstream' | 'withPassword' | 'openUpstream';

/** One fuzz connection: the bytes, how they are cut into writes, and whether the client ends. */
export interface FuzzInput {
  port: FuzzPort;
  bytes: number[];
  /** Where the bytes are cut into separate writes (offsets, any order, may repeat). */
  cuts: number[];
  /** Whether the client ends its side after writing (else it stays open, silent). */
  ends: boolean;
}

const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;

/** Whole, well-formed conversations, the seeds the mutations start from. */
function validConversations(localPassword: string): fc.Arbitrary<number[]> {
  const request = fc.oneof(
    fc
      .tuple(fc.ipV4(), fc.integer({ min: 1, max: 65_535 }))
      .map(([ip, port]) =>
        socks5.connectIpv4(ip.split('.').map(Number) as [number, number, number, number], port),
      ),
    fc
      .tuple(fc.domain(), fc.integer({ min: 1, max: 65_535 }))
      .map(([domain, port]) => socks5.connectDomain(domain, port)),
    fc
      .tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 1, max: 65_535 }))
      .map(([address, port]) => [0x05, 0x01, 0x00, 0x04, ...address, port >> 8, port & 0xff]),
  );
  const login = fc
    .string({ maxLength: 20 })
    .map((username) => socks5.login(username, localPassword));
  return fc.oneof(
    request.map((r) => [...socks5.greeting(NO_AUTH), ...r]),
    fc.tuple(login, request).map(([l, r]) => [...socks5.greeting(USERNAME_PASSWORD), ...l, ...r]),
  );
}

type Mutation = (bytes: number[]) => number[];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(
    ([at, value]): Mutation =>
      (bytes) =>
        bytes.map((byte, index) => (index === at % bytes.length ? value : byte)),
  ),
  fc.nat().map(
    (at): Mutation =>
      (bytes) =>
        bytes.filter((_, index) => index !== at % bytes.length),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, value]): Mutation => (bytes) => {
    const copy = [...bytes];
    copy.splice(at % (bytes.length + 1), 0, value);
    return copy;
  }),
  fc.nat().map(
    (at): Mutation =>
      (bytes) =>
        bytes.slice(0, at % (bytes.length + 1)),
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 40 })
    .map((junk): Mutation => (bytes) => [...bytes, ...junk]),
);

/** Every input starts with the SOCKS5 version byte, so the port hands it to the SOCKS side. */
const asSocks = (bytes: number[]): number[] => [0x05, ...bytes.slice(1)];

/**
 * The fuzz's inputs: random bytes after the version byte, and valid conversations with up to
 * three mutations (a byte changed, dropped or inserted, a truncation, junk appended).
 */
export function fuzzInputs(localPassword: string): fc.Arbitrary<FuzzInput> {
  const random = fc.uint8Array({ maxLength: 80 }).map((bytes) => [0x05, ...bytes]);
  const mutated = fc
    .tuple(validConversations(localPassword), fc.array(mutation, { maxLength: 3 }))
    .map(([bytes, mutations]) => asSocks(mutations.reduce((b, m) => (b.length ? m(b) : b), bytes)));
  return fc.record({
    port: fc.constantFrom<FuzzPort>('deadUpstream', 'withPassword', 'openUpstream'),
    bytes: fc.oneof(random, mutated),
    cuts: fc.array(fc.nat({ max: 120 }), { maxLength: 4 }),
    ends: fc.boolean(),
  });
}

/** The bytes cut at `cuts`: the writes a client makes, in order. */
export function writesOf(input: FuzzInput): Buffer[] {
  const offsets = [...new Set(input.cuts.filter((cut) => cut > 0 && cut < input.bytes.length))];
  offsets.sort((a, b) => a - b);
  const writes: Buffer[] = [];
  let start = 0;
  for (const offset of [...offsets, input.bytes.length]) {
    writes.push(Buffer.from(input.bytes.slice(start, offset)));
    start = offset;
  }
  return writes.filter((write) => write.length > 0);
}
