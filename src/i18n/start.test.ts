import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { CallDef } from '../../domain/contract/call';
import type { ChangeItem } from '../../domain/live/changes';
import type { UserRecord } from '../../domain/platform/session';
import { hubConnectionActor, hubConnectionMachine } from '../../machines/hub-connection.machine';
import { type PostQueueSendInput, postQueueMachine } from '../../machines/post-queue.machine';
import { sessionMachine } from '../../machines/session.machine';
import { openDatabase, type ProjectionDatabase } from '../../projections/database';
import type { PullResult } from '../../projections/replication';
import { userRecord } from '../../tests/support/fixtures';
import { startLive } from '../app/live';
import { fakeHub } from '../app/testing';
import { saveLanguage, startI18n } from './start';
import { createTranslator, type Translator } from './translator';

const spanish = { 'Log in': 'Iniciar sesión' };

/**
 * The translation wiring on the app's real live core (session, post queue and hub machines, RxDB in
 * memory, the fake hub connection of src/app/testing.ts): language from the user record, live changes
 * of it from another tab, and live translations on `translations:{language}`.
 */
describe('startI18n', () => {
  let db: ProjectionDatabase;
  let log: ChangeItem[];
  let actors: Actor<never>[];
  let stops: Array<() => Promise<void>>;
  let translator: Translator;
  let calls: Array<{ path: string; payload: unknown }>;

  beforeEach(async () => {
    db = await openDatabase({ name: `i18n${Math.random().toString(36).slice(2)}`, storage: 'memory' });
    log = [];
    actors = [];
    stops = [];
    calls = [];
    translator = createTranslator({ log: () => {} });
    globalThis.localStorage?.clear();
  });

  afterEach(async () => {
    for (const stop of stops.reverse()) await stop();
    for (const a of actors) a.stop();
    translator.dispose();
    await db.close();
  });

  function commit(topic: string, collection: string, id: string, doc: Record<string, unknown> | null) {
    const item: ChangeItem = {
      topic,
      seq: log.filter((i) => i.topic === topic).length + 1,
      collection,
      id,
      doc,
      origin: 'x',
    };
    log.push(item);
    return item;
  }
  const employee = (fields: Partial<UserRecord>) =>
    commit('employee:7', 'employees', '7', {
      EmployeeID: 7,
      Name: 'Ann Lee',
      PlantID: 1,
      Language: 'en',
      ShowMyHelp: true,
      Email: null,
      Active: true,
      ...fields,
    });

  async function pull(topic: string, since: number, limit: number): Promise<PullResult> {
    const documents = log.filter((i) => i.topic === topic && i.seq > since).slice(0, limit);
    const latestSeq = log.filter((i) => i.topic === topic).length;
    return { documents, checkpoint: { seq: documents.at(-1)?.seq ?? since }, snapshot: false, latestSeq };
  }

  function setup(user: UserRecord) {
    const { factory, connections } = fakeHub();
    const hub = createActor(
      hubConnectionMachine.provide({ actors: { connection: hubConnectionActor(factory) } }),
      {
        input: { token: user.TokenID },
      },
    );
    const session = createActor(
      sessionMachine.provide({
        actors: { login: fromPromise(async () => user), logout: fromPromise(async () => {}) },
      }),
      { input: { user } },
    );
    const queue = createActor(
      postQueueMachine.provide({
        actors: { send: fromPromise<void, PostQueueSendInput>(() => new Promise(() => {})) },
      }),
      { input: {} },
    );
    for (const a of [hub, session, queue]) {
      a.start();
      actors.push(a as unknown as Actor<never>);
    }
    const live = startLive({ hub, session, queue, employees: db.employees, pull, log: () => {} });
    stops.push(live.stop);
    hub.send({ type: 'hub.start' });
    const services = {
      backgroundApi: {
        async get(call: CallDef, payload: unknown) {
          calls.push({ path: call.path, payload });
          return (payload as { language: string }).language === 'es' ? { ...spanish } : {};
        },
        async post(call: CallDef, payload: unknown) {
          calls.push({ path: call.path, payload });
          return { Recorded: 0, Translations: {} };
        },
      } as never,
      session,
      enqueue(call: CallDef, payload: unknown) {
        queue.send({
          type: 'queue.enqueue',
          post: {
            postId: `p${Math.random()}`,
            path: call.path,
            body: payload as Record<string, unknown>,
            enqueuedAt: 1,
          },
        });
      },
      db,
      live,
    };
    stops.push(startI18n(services, translator));
    return { services, session, queue, current: () => connections.at(-1)! };
  }

  it("speaks the user's language from the start, and follows translations:{language}", async () => {
    const { current } = setup(userRecord({ Language: 'es' }));
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Iniciar sesión'));
    expect(calls[0]).toEqual({ path: 'translation/GetDefaultTranslations', payload: { language: 'es' } });
    await vi.waitFor(() => expect(current().subscribed().sort()).toEqual(['employee:7', 'translations:es']));
  });

  it("switches when the user's own employee record changes Language in another tab (employee:{id})", async () => {
    employee({ Language: 'en' });
    const { current, session } = setup(userRecord({ Language: 'en' }));
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    expect(translator.t('Log in')).toBe('Log in');
    current().push([employee({ Language: 'es' })]);
    await vi.waitFor(() => expect(session.getSnapshot().context.user?.Language).toBe('es'));
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Iniciar sesión'));
    await vi.waitFor(() => expect(current().subscribed()).toContain('translations:es'));
    // And back: English again, and the translations topic let go.
    current().push([employee({ Language: 'en' })]);
    await vi.waitFor(() => expect(translator.language()).toBe('en'));
    expect(translator.t('Log in')).toBe('Log in');
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
  });

  it('a translation saved on translations:es shows at once; a cleared one falls back to English', async () => {
    const { current } = setup(userRecord({ Language: 'es' }));
    await vi.waitFor(() => expect(current().subscribed()).toContain('translations:es'));
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Iniciar sesión'));
    const doc = { TranslationID: 5, Language: 'es', English: 'Good morning' };
    current().push([commit('translations:es', 'translations', '5', { ...doc, Text: 'Buenos días' })]);
    await vi.waitFor(() => expect(translator.t('Good morning')).toBe('Buenos días'));
    current().push([commit('translations:es', 'translations', '5', { ...doc, Text: 'Buen día' })]);
    await vi.waitFor(() => expect(translator.t('Good morning')).toBe('Buen día'));
    current().push([commit('translations:es', 'translations', '5', { ...doc, Text: null })]);
    await vi.waitFor(() => expect(translator.t('Good morning')).toBe('Good morning'));
    // A translation that came with the defaults (never through the feed) can be cleared too.
    current().push([
      commit('translations:es', 'translations', '1', {
        TranslationID: 1,
        Language: 'es',
        English: 'Log in',
        Text: null,
      }),
    ]);
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Log in'));
  });

  it('saveLanguage: web/UpdateEmployee {EmployeeID, FieldName: Language, Value} through the queue, and this tab switches at once', async () => {
    const { services, queue, session } = setup(userRecord({ Language: 'en' }));
    saveLanguage(services, translator, 'es');
    expect(queue.getSnapshot().context.items.map((p) => [p.path, p.body])).toEqual([
      ['web/UpdateEmployee', { EmployeeID: 7, FieldName: 'Language', Value: 'es' }],
    ]);
    expect(session.getSnapshot().context.user?.Language).toBe('es');
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Iniciar sesión'));
    // The same language again saves nothing.
    saveLanguage(services, translator, 'es');
    expect(queue.getSnapshot().context.items).toHaveLength(1);
  });

  it('reports missing texts through translation/ReportMissing while logged in', async () => {
    setup(userRecord({ Language: 'es' }));
    await vi.waitFor(() => expect(translator.t('Log in')).toBe('Iniciar sesión'));
    translator.t('Not shipped yet');
    await vi.waitFor(
      () =>
        expect(calls.find((c) => c.path === 'translation/ReportMissing')?.payload).toEqual({
          Language: 'es',
          Texts: ['Not shipped yet'],
        }),
      { timeout: 3000 },
    );
  });
});
