import { describe, expect, it } from 'vitest';
import { deferred, envelopeResponse, makeClient } from '../../../api/testing';
import { createRouteHelpStore, loadHelpForRoute } from './route-help';

const video = { HelpLinkID: 1, Title: 'Reading the schedule', URL: 'https://help.example.com/s.mp4' };
const sop = { HelpLinkID: 2, Title: 'SOP-220 Weekly commit', URL: 'https://help.example.com/220.pdf' };

/** Answers VideoLinksForRoute with `video` and SOPLinksForRoute with `sop`, for any route. */
const helpServer = () =>
  makeClient((req) =>
    envelopeResponse({ result: req.url.includes('web/VideoLinksForRoute') ? [video] : [sop] }),
  );

describe('loadHelpForRoute', () => {
  it('asks web/VideoLinksForRoute and web/SOPLinksForRoute with the screen name, by GET', async () => {
    const { client, requests } = helpServer();
    expect(await loadHelpForRoute(client, 'Scheduling')).toEqual({ videos: [video], sops: [sop] });
    expect(
      requests.map((r) => [r.method, new URL(r.url, 'http://x').pathname, r.query.get('RouteName')]),
    ).toEqual([
      ['GET', '/api/web/VideoLinksForRoute', 'Scheduling'],
      ['GET', '/api/web/SOPLinksForRoute', 'Scheduling'],
    ]);
  });

  it.each(['Login', 'login', ' Login ', ''])('makes no call for %j and resolves empty', async (routeName) => {
    const { client, requests } = helpServer();
    expect(await loadHelpForRoute(client, routeName)).toEqual({ videos: [], sops: [] });
    expect(requests).toHaveLength(0);
  });

  it('rejects when the server refuses, so the store can say it failed', async () => {
    const { client } = makeClient(() => envelopeResponse({ Error: true, Message: 'Nope' }), {
      ui: { showError: () => {}, showWarning: () => {}, showSuccess: () => {} },
    });
    await expect(loadHelpForRoute(client, 'Scheduling')).rejects.toThrow('Nope');
  });
});

describe('the route help store (help.load)', () => {
  it('holds the current screen help, and drops an answer for a route the user already left', async () => {
    const answers = new Map([
      ['Slow', deferred<unknown>()],
      ['Fast', deferred<unknown>()],
    ]);
    const { client } = makeClient((req) =>
      answers.get(req.query.get('RouteName')!)!.promise.then((result) => envelopeResponse({ result })),
    );
    const store = createRouteHelpStore(client);
    const seen: string[] = [];
    store.subscribe(() => seen.push(`${store.getSnapshot().routeName}:${store.getSnapshot().status}`));

    const slow = store.load('Slow');
    const fast = store.load('Fast');
    // Both requests of each route are in flight; each deferred answers both of its route's calls.
    answers.get('Fast')!.resolve([video]);
    await fast;
    expect(store.getSnapshot()).toEqual({
      routeName: 'Fast',
      status: 'ready',
      videos: [video],
      sops: [video],
    });
    answers.get('Slow')!.resolve([sop]);
    await slow;
    // Slow answered last, but the user is on Fast.
    expect(store.getSnapshot().routeName).toBe('Fast');
    expect(store.getSnapshot().videos).toEqual([video]);
    expect(seen).toEqual(['Slow:loading', 'Fast:loading', 'Fast:ready']);
  });

  it('empties the help for Login without a call, and never rejects', async () => {
    const failing = makeClient(() => envelopeResponse({ Error: true, Message: 'down' }), {
      ui: { showError: () => {}, showWarning: () => {}, showSuccess: () => {} },
    });
    const store = createRouteHelpStore(failing.client);
    await expect(store.load('Scheduling')).resolves.toBeUndefined();
    expect(store.getSnapshot()).toMatchObject({
      routeName: 'Scheduling',
      status: 'failed',
      videos: [],
      sops: [],
    });
    const before = failing.requests.length;
    await store.load('Login');
    expect(failing.requests.length).toBe(before);
    expect(store.getSnapshot()).toEqual({ routeName: 'Login', status: 'ready', videos: [], sops: [] });
  });
});
