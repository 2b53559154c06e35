import { afterEach } from 'vitest';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import { StoreError } from '../../../src/main/store/store-error';
import type { KeptPort } from '../../../src/main/local-ports/kept-ports-from-file';
import { startLocalPort } from '../../../src/main/local-ports/local-port';
import { LocalPortsService } from '../../../src/main/local-ports/local-ports-service';
import type { Proxy } from '../../../src/shared/api';

/**
 * A LocalPortsService over real local ports, with plans and a kept-ports file in memory; closed
 * after each test.
 */
export const proxy = (id: number): Proxy =>
  ({
    id,
    ip: '127.0.0.1',
    port: 9,
    username: `user${id}`,
    password: `secret-${id}`,
  }) as Proxy;

/** A kept-ports file that can be made to refuse writes, as a full disk does. */
export class KeptInMemory {
  refuse = false;
  readonly ports = new Map<number, KeptPort>();
  readonly profiles = new Set<number>();
  forAccount = () => [...this.ports.values()];
  keep = (_account: string, port: KeptPort) => {
    this.#write();
    this.ports.set(port.proxyId, port);
  };
  forget = (_account: string, proxyId: number) => {
    if (!this.ports.has(proxyId)) return;
    this.#write();
    this.ports.delete(proxyId);
  };
  keepsBrowserProfile = (_account: string, proxyId: number) => this.profiles.has(proxyId);
  setKeepBrowserProfile = (_account: string, proxyId: number, keep: boolean) => {
    this.#write();
    if (keep) this.profiles.add(proxyId);
    else this.profiles.delete(proxyId);
  };
  #write(): void {
    if (this.refuse)
      throw new StoreError('storage', 'The local ports could not be saved: disk full.');
  }
}

const services: LocalPortsService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.closeAll();
});

/**
 * `gateway`: every proxy's plan holds another proxy at its host:port, as a gateway's does;
 * `account`: the account the plans are of (read at each open); proxy 99 is in no plan.
 */
export function serviceWith(
  kept: KeptInMemory,
  notices: (string | undefined)[] = [],
  {
    gateway = false,
    account = (): string => 'acct',
    maxPorts = 10,
    reopenKept = true,
  }: { gateway?: boolean; account?: () => string; maxPorts?: number; reopenKept?: boolean } = {},
) {
  const service = new LocalPortsService({
    plans: {
      entry: (proxyId) => {
        if (proxyId === 99)
          throw new UserFacingError('not_found', 'This proxy is no longer in your plans.');
        const proxies = gateway ? [proxy(proxyId), proxy(proxyId + 1000)] : [proxy(proxyId)];
        return { accountId: account(), plan: { proxies }, proxy: proxy(proxyId), label: null };
      },
    },
    start: startLocalPort,
    kept,
    defaultProtocol: () => 'http',
    maxPorts: () => maxPorts,
    reopenKept,
    connectionLimits: () => ({}),
    onChange: (notice) => notices.push(notice),
  });
  services.push(service);
  return service;
}
