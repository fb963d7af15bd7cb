import { type CoreOptions, createCore } from './core';
import { attachStore, type StoreOptions } from './store';

export type ServicesOptions = CoreOptions & StoreOptions;

/**
 * Every long-lived service of a logged-in page: the core (request layer, session, hub, alerts; see
 * ./core.ts) and the store (RxDB projections, the post queue, the live feed; see ./store.ts). The app
 * creates the core at start-up and attaches the store lazily; tests create both at once here.
 */
export async function createServices(opts: ServicesOptions) {
  const core = createCore(opts);
  const store = await attachStore(core, opts);
  return { ...core, ...store };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
