// Test support for the scheduling screens' jsdom tests: services with a fake server. App code never imports it.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createActor } from 'xstate';
import { sessionMachine } from '../../../../machines/session.machine';
import { userRecord } from '../../../../tests/support/fixtures';
import { envelopeResponse, makeClient, type RecordedRequest } from '../../../api/testing';
import { ServicesContext } from '../../../app/context';
import type { Services } from '../../../app/services';
import { createAlertStore } from '../../../ui/alerts';

export const callPath = (r: RecordedRequest) => new URL(r.url, 'http://x').pathname.replace('/api/', '');

/**
 * Mounts `element` at `path` with services whose server answers `answer(path, request)` (undefined: an
 * Error envelope), a hub that records subscriptions, and an enqueue that records posts.
 */
export function mountScreen(opts: {
  path: string;
  route: string;
  element: ReactNode;
  granted: readonly string[];
  plantId?: number;
  answer(path: string, request: RecordedRequest): unknown;
}) {
  const quiet = { showError: () => {}, showWarning: () => {}, showSuccess: () => {} };
  const { client, requests } = makeClient(
    (req) => {
      const p = callPath(req);
      if (p === 'web/GetPlants')
        return envelopeResponse({
          result: [{ PlantID: 2, PlantName: 'Idaho Falls', TimeZone: 'America/Boise' }],
        });
      const result = opts.answer(p, req);
      if (result instanceof Error) return envelopeResponse({ Error: true, Message: result.message });
      if (result === undefined) return envelopeResponse({ Error: true, Message: `unexpected ${p}` });
      return envelopeResponse({ result });
    },
    { ui: quiet },
  );
  const session = createActor(sessionMachine, {
    input: { user: userRecord({ PlantID: opts.plantId ?? 2 }, opts.granted) },
  }).start();
  const enqueued: { path: string; payload: unknown }[] = [];
  const subscribed: string[] = [];
  const hub = {
    send: (e: { type: string; topics?: string[] }) => {
      if (e.type === 'hub.subscribe') subscribed.push(...(e.topics ?? []));
    },
    on: () => ({ unsubscribe: () => {} }),
  };
  const alerts = createAlertStore();
  const services = {
    api: client,
    backgroundApi: client,
    session,
    hub,
    alerts,
    enqueue: (call: { path: string }, payload: unknown) => enqueued.push({ path: call.path, payload }),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <MemoryRouter initialEntries={[opts.path]}>
        <Routes>
          <Route path={opts.route} element={opts.element} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { requests, enqueued, subscribed, alerts };
}
