import type { Plan, Proxy } from '../api';

/** One proxy as every export kind reads it: with its plan and the label it is shown with. */
export interface ExportedProxy {
  plan: Pick<Plan, 'id' | 'name'>;
  proxy: Proxy;
  /** The label shown for the proxy: the local one, else the one the service sent. */
  label: string | null;
}
