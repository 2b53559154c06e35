import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The local addresses a process listens on over TCP (IPv4 dotted, IPv6 as eight full groups),
 * read from Linux's /proc: its sockets' inodes in /proc/<pid>/fd, matched with the LISTEN rows of
 * /proc/<pid>/net/tcp and tcp6. What the process binds, whatever its code says it asked for.
 */
export function listeningAddresses(pid: number): string[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        return inode === undefined ? [] : [inode];
      } catch {
        return []; // Closed between the listing and the read.
      }
    }),
  );
  return ['tcp', 'tcp6'].flatMap((table) =>
    readFileSync(`/proc/${pid}/net/${table}`, 'utf8')
      .split('\n')
      .slice(1)
      .map((row) => row.trim().split(/\s+/))
      // Columns: sl, local address:port, remote, state (0A = LISTEN), ..., inode (the tenth).
      .filter((columns) => columns[3] === '0A' && inodes.has(columns[9] ?? ''))
      .map((columns) => addressOf((columns[1] ?? '').split(':')[0] ?? '')),
  );
}

/** /proc writes addresses as hex words in the host's byte order (little-endian here). */
function addressOf(hex: string): string {
  const words = (hex.match(/.{8}/g) ?? []).map((word) =>
    (word.match(/../g) ?? []).reverse().join(''),
  );
  if (words.length === 1) {
    return (words[0]?.match(/../g) ?? []).map((byte) => parseInt(byte, 16)).join('.');
  }
  return (words.join('').match(/.{4}/g) ?? []).join(':');
}
