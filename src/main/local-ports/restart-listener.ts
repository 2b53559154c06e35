/**
 * How a port's listener (a local port's, a pool's) restarts with new settings. A new number is
 * taken before the old one is let go, so a refusal (taken, say) leaves the port as it was. The
 * same number must be let go first; when another program takes it in the moment between, the
 * port is gone: `lost` says so before the failure is passed on.
 */
export async function restartListener<Started>(restart: {
  sameNumber: boolean;
  start(): Promise<Started>;
  stop(): Promise<void>;
  lost(): void;
}): Promise<Started> {
  if (!restart.sameNumber) {
    const started = await restart.start();
    await restart.stop();
    return started;
  }
  await restart.stop();
  try {
    return await restart.start();
  } catch (error) {
    restart.lost();
    throw error;
  }
}
