import type { Plan, Proxy } from '../api';

/** One proxy of an export, with what the file says about it beside its credentials. */
export interface ExportedProxy {
  plan: Pick<Plan, 'id' | 'name'>;
  proxy: Proxy;
  /** The label shown for the proxy: the local one, else the one the service sent. */
  label: string | null;
}
