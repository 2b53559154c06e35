import { readdirSync } from 'node:fs';

/**
 * How many file descriptors this process holds right now, read from the system's own list
 * (`/proc/self/fd` on Linux, `/dev/fd` on macOS). Tests compare it before and after: a socket
 * the code forgot to destroy stays in the list whatever the JavaScript side believes.
 */
export function openFds(): number {
  for (const folder of ['/proc/self/fd', '/dev/fd']) {
    try {
      return readdirSync(folder).length;
    } catch {
      // Not this system's list; try the next.
    }
  }
  throw new Error('This system lists no open file descriptors (/proc/self/fd, /dev/fd).');
}

/**
 * Waits until the count of open fds comes back to at most `expected` (sockets close on the next
 * turns of the event loop), or gives up after `timeoutMs` and returns what it last counted.
 */
export async function settledFds(expected: number, timeoutMs = 5_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = openFds();
  while (count > expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    count = openFds();
  }
  return count;
}
