import { afterAll, beforeAll } from 'vitest';
import { startEchoServer, type EchoServer } from '../../../tools/local-network/echo-server';
import {
  startHttpProxyAccepting,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import type { Proxy } from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';

export interface ReachablePlan {
  /** The IP echo on this computer: where a request through a local port ends. */
  echo: EchoServer;
  /** The real proxy every proxy of the plan now points at, taking each one's own login. */
  upstream: LocalServer;
  /** The plan's proxy at `index`; throws if the plan has fewer. */
  proxyAt(index: number): Proxy;
}

/**
 * The demo account's first open plan with its proxies pointed at a real HTTP proxy on this
 * computer, and the local echo, for a whole test file: a local port has somewhere to forward to,
 * without the Internet.
 */
export function useReachableDemoPlan(server: () => ApiServer): () => ReachablePlan {
  let reachable: ReachablePlan | undefined;
  beforeAll(async () => {
    const plan = server()
      .store.account('demo')
      ?.plans.find((candidate) => !candidate.is_blocked);
    if (!plan) throw new Error('No open demo plan');
    const echo = await startEchoServer();
    const logins = new Set(plan.proxies.map((proxy) => `${proxy.username}:${proxy.password}`));
    const upstream = await startHttpProxyAccepting((pair) => logins.has(pair));
    for (const proxy of plan.proxies)
      Object.assign(proxy, { ip: '127.0.0.1', port: upstream.port });
    reachable = {
      echo,
      upstream,
      proxyAt(index) {
        const proxy = plan.proxies[index];
        if (!proxy) throw new Error(`No reachable proxy ${index}`);
        return proxy;
      },
    };
  });
  afterAll(async () => {
    await reachable?.upstream.close();
    await reachable?.echo.close();
  });
  return () => {
    if (!reachable) throw new Error('The reachable plan has not been set up');
    return reachable;
  };
}
