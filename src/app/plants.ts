import { useEffect, useState } from 'react';
import type { ResultOf } from '../../domain/contract/call';
import { GetPlants } from '../../domain/platform/reference';
import type { ApiClient } from '../api';

type Plants = ResultOf<typeof GetPlants>;

// The plants are reference data (spec 000 §3.5): asked once per request layer, shared by every screen
// that shows them (the shell's plant switcher and Intro open together).
const asked = new WeakMap<object, Promise<Plants>>();

/** The plants, or null until they arrive (or when asking failed; the request layer said why). */
export function usePlants(api: Pick<ApiClient, 'get'>, enabled = true): Plants | null {
  const [plants, setPlants] = useState<Plants | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let promise = asked.get(api);
    if (!promise) {
      promise = api.get(GetPlants, {});
      // A failure is not cached: the next screen asks again.
      promise.catch(() => asked.delete(api));
      asked.set(api, promise);
    }
    let live = true;
    promise.then(
      (list) => live && setPlants(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, enabled]);
  return plants;
}
