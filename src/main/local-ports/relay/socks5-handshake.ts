import type { Socket } from 'node:net';
import { isHostName } from './host-name';
import { passwordMatches } from '../local-password';
import { readExactly } from './read-exactly';
import { SOCKS_REPLY } from './upstream-failure';
import type { Destination } from './destination';

const VERSION = 0x05;
const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const LOGIN_VERSION = 0x01;
const LOGIN_ACCEPTED = 0x00;
const LOGIN_REFUSED = 0x01;
const CONNECT = 0x01;
const IPV4 = 0x01;
const DOMAIN = 0x03;
const IPV6 = 0x04;

/**
 * How a handshake ended: the destination the client asked for (with the username it logged in
 * with, or null), or the last reply to send it before closing the connection (the caller sends it
 * with `closeAfterReply`, so that every refusal is closed in one place).
 */
export type Socks5Handshake =
  { destination: Destination; username: string | null } | { refusal: Buffer };

/**
 * The server's half of a SOCKS5 handshake (RFC 1928, and RFC 1929 when the client offers a login
 * or a local password is set): greeting, method choice, optional login, then a CONNECT request to
 * an IPv4 address, a domain name or an IPv6 address. The replies that let the handshake go on
 * (method, login accepted) are written here; the reply to the CONNECT itself is the caller's
 * (`socks5Reply`), once the upstream has answered. Throws on bytes that are not SOCKS5 (the
 * caller destroys the connection).
 *
 * A client that offers username/password is asked for it even without a local password (any
 * password is then accepted): its username may name a pool's session (`session-<id>`).
 *
 * Zero lengths, which RFC 1928/1929 do not allow but clients send, are answered rather than
 * waited on: no methods is no acceptable method; an empty username is any username (curl sends
 * one for `-U :password`); an empty password never matches a local password. The request's
 * reserved byte (RSV, X'00') is not checked: it carries nothing we act on, and refusing a client
 * over it would gain nothing.
 */
export async function acceptSocks5(
  socket: Socket,
  localPassword: string | null,
): Promise<Socks5Handshake> {
  const [version, methodCount] = await readExactly(socket, 2);
  // Equivalent mutants, left to survive: the sniffer sends only a first byte 5 here, and the
  // words of this and the request's version error are never shown (the connection just closes).
  if (version !== VERSION) throw new Error('Not a SOCKS5 greeting.');
  const methods = await readExactly(socket, methodCount ?? 0);
  // With a local password only username/password is offered: no-auth would bypass it.
  const method =
    localPassword === null && !methods.includes(USERNAME_PASSWORD) ? NO_AUTH : USERNAME_PASSWORD;
  if (!methods.includes(method)) return { refusal: Buffer.from([VERSION, NO_ACCEPTABLE_METHOD]) };
  socket.write(Buffer.from([VERSION, method]));
  let username: string | null = null;
  if (method === USERNAME_PASSWORD) {
    username = await acceptLogin(socket, localPassword);
    if (username === null) return { refusal: Buffer.from([LOGIN_VERSION, LOGIN_REFUSED]) };
  }
  const request = await acceptRequest(socket);
  return 'refusal' in request ? request : { destination: request.destination, username };
}

/**
 * RFC 1929: any username, and the local password if one is set; the username once the client
 * has been told it is in, else null.
 */
async function acceptLogin(socket: Socket, localPassword: string | null): Promise<string | null> {
  const [loginVersion] = await readExactly(socket, 1);
  // Another version is another format: nothing after it can be read as a login.
  if (loginVersion !== LOGIN_VERSION) return null;
  const [usernameLength] = await readExactly(socket, 1);
  const username = (await readExactly(socket, usernameLength ?? 0)).toString('utf8');
  const [passwordLength] = await readExactly(socket, 1);
  const password = (await readExactly(socket, passwordLength ?? 0)).toString('utf8');
  // An empty password never matches a local password (made, never empty) anyway: the first check
  // says what is meant, and its mutant is left to survive.
  if (
    localPassword !== null &&
    (password.length === 0 || !passwordMatches(password, localPassword))
  ) {
    return null;
  }
  socket.write(Buffer.from([LOGIN_VERSION, LOGIN_ACCEPTED]));
  return username;
}

/**
 * The request (RFC 1928 §4), read whole before it is answered. A domain that is not a host name
 * (empty, or with CR, LF, NUL or another byte a name cannot hold) is refused as Host unreachable
 * (X'04'): RFC 1928 has no code for a malformed address, the address type itself is supported
 * (so not X'08'), and X'04' tells the user the destination is at fault, where X'01' (general
 * failure) would blame the port. Such a name would otherwise be written into the upstream's
 * CONNECT line and Host header.
 */
async function acceptRequest(
  socket: Socket,
): Promise<{ destination: Destination } | { refusal: Buffer }> {
  const [requestVersion, command, , addressType] = await readExactly(socket, 4);
  if (requestVersion !== VERSION) throw new Error('Not a SOCKS5 request.');
  const host = await readAddress(socket, addressType ?? 0);
  if (host === null) return { refusal: socks5Reply(SOCKS_REPLY.addressTypeNotSupported) };
  const port = (await readExactly(socket, 2)).readUInt16BE(0);
  if (command !== CONNECT) return { refusal: socks5Reply(SOCKS_REPLY.commandNotSupported) };
  if (!isHostName(host)) return { refusal: socks5Reply(SOCKS_REPLY.hostUnreachable) };
  return { destination: { host, port } };
}

async function readAddress(socket: Socket, addressType: number): Promise<string | null> {
  switch (addressType) {
    case IPV4:
      return [...(await readExactly(socket, 4))].join('.');
    case DOMAIN: {
      const [length] = await readExactly(socket, 1);
      // latin1 keeps every byte as one character, so a byte no host name holds is seen as such.
      return (await readExactly(socket, length ?? 0)).toString('latin1');
    }
    case IPV6: {
      const bytes = await readExactly(socket, 16);
      const groups: string[] = [];
      for (let offset = 0; offset < 16; offset += 2) {
        groups.push(bytes.readUInt16BE(offset).toString(16));
      }
      return groups.join(':');
    }
    default:
      return null;
  }
}

/** A reply to CONNECT; the bound address is not meaningful through a chain, so it is 0.0.0.0:0. */
export function socks5Reply(code: number): Buffer {
  return Buffer.from([VERSION, code, 0x00, IPV4, 0, 0, 0, 0, 0, 0]);
}
