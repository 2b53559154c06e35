/** Waits until `condition` holds, checking every few ms; fails the test after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Waits until the count `read` gives has grown and then stood still for 100 ms (a relay held back
 * by backpressure stops moving bytes); resolves with that count.
 */
export async function untilSteady(read: () => number): Promise<number> {
  let last = -1;
  await until(async () => {
    const now = read();
    const steady = now > 0 && now === last;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
    return steady;
  });
  return last;
}

/** The open network handles of this process, by kind (TCP sockets and servers). */
export function networkHandles(): number {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => kind === 'TCPSocketWrap' || kind === 'TCPServerWrap').length;
}
