import { afterAll, beforeAll } from 'vitest';
import {
  startExitEcho,
  startUpstreamFleet,
  type ExitEcho,
  type UpstreamBehaviour,
  type UpstreamFleet,
} from '../../../tools/local-network/upstream-fleet';

/** The fleet and the echo of a test file, filled in before its tests run. */
export interface FleetWorld {
  fleet: UpstreamFleet;
  echo: ExitEcho;
}

/**
 * `count` real upstream proxies (upstream-fleet.ts; upstream i behaving as `behaviours[i]`) and
 * the exit echo, for a whole test file, closed after it.
 */
export function useFleet(count: number, behaviours: UpstreamBehaviour[] = []): FleetWorld {
  const world = {} as FleetWorld;
  beforeAll(async () => {
    [world.fleet, world.echo] = await Promise.all([
      startUpstreamFleet(count, behaviours),
      startExitEcho(),
    ]);
  });
  afterAll(() => Promise.all([world.fleet.close(), world.echo.close()]));
  return world;
}
