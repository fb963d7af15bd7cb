import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationDoc } from '../domain/live/docs';
import type { TranslationRow } from '../domain/platform/translations';
import { spanishTranslations } from '../server/db/translations-es';
import { TopicFollower } from './support/follower';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

interface Page {
  Rows: TranslationRow[];
  Total: number;
  MissingTotal: number;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The translation calls beyond the spec (README "calls beyond the specification"), on both databases. */
describe.skipIf(!dbAvailable)(`translation maintenance (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Login;
  let operator: Login;
  const unique = () => `Text ${Date.now()} ${Math.random().toString(36).slice(2)}`;

  const row = async (english: string, language = 'es') =>
    (
      await server.db.query<{ translated: string | null; updated_by: number | null }>(
        'SELECT translated, updated_by FROM translations WHERE language = $1 AND english = $2',
        [language, english],
      )
    )[0] ?? null;

  /** Sends a request and checks that it changed no row of any platform table. */
  async function changesNothing<T>(send: () => Promise<T>): Promise<T> {
    // Any session touch (last-seen) happens now, not between the two fingerprints.
    await api.get('web/GetPlants', {}, admin);
    await api.get('web/GetPlants', {}, operator);
    const before = await fingerprint(server.db);
    const result = await send();
    expect(await fingerprint(server.db)).toBe(before);
    return result;
  }

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    operator = await api.login('operator');
  });
  afterAll(() => server?.close());

  describe('the shipped Spanish texts', () => {
    it('are in every database (seeded with the reference data) and served by GetDefaultTranslations', async () => {
      const reply = await api.get<Record<string, string>>('translation/GetDefaultTranslations', {
        language: 'es',
      });
      expect(reply.result).toEqual(spanishTranslations);
      expect(reply.result['This screen is saving. It will continue once complete.']).toBe(
        'Esta pantalla está guardando. Continuará cuando termine.',
      );
    });
  });

  describe('POST translation/ReportMissing', () => {
    it('records unknown texts as missing once, and answers the ones already translated', async () => {
      const a = unique();
      const b = unique();
      const reply = await api.post<{ Recorded: number; Translations: Record<string, string> }>(
        'translation/ReportMissing',
        { Language: 'es', Texts: [a, b, a, 'Log in'] },
        operator,
      );
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result).toEqual({ Recorded: 2, Translations: { 'Log in': 'Iniciar sesión' } });
      expect(await row(a)).toEqual({ translated: null, updated_by: null });
      expect(await row(b)).toEqual({ translated: null, updated_by: null });
      // Reported again: nothing new, and a translation is never overwritten by a report.
      const again = await api.post<{ Recorded: number }>(
        'translation/ReportMissing',
        { Language: 'es', Texts: [a, 'Log in'] },
        operator,
      );
      expect(again.result.Recorded).toBe(0);
      expect((await row('Log in'))?.translated).toBe('Iniciar sesión');
    });

    it.each([
      ['English', { Language: 'en', Texts: ['x'] }, 'Language must be one of: es'],
      ['no texts', { Language: 'es', Texts: [] }, 'Texts must have at least 1 item'],
      ['a blank text', { Language: 'es', Texts: ['ok', '   '] }, 'Texts must not contain a blank text'],
      ['no Language', { Texts: ['x'] }, 'Language is required'],
      ['Texts as text', { Language: 'es', Texts: 'x' }, 'Texts must be a list'],
    ])('bad input (%s): a clear Error and nothing recorded', async (_name, values, message) => {
      const reply = await changesNothing(() => api.post('translation/ReportMissing', values, operator));
      expect(reply.status).toBe(200);
      expect(reply.envelope).toMatchObject({ Error: true, Message: message });
    });

    it('needs a login (401), and records nothing', async () => {
      const reply = await changesNothing(() =>
        api.post('translation/ReportMissing', { Language: 'es', Texts: [unique()] }),
      );
      expect(reply.status).toBe(401);
    });
  });

  describe('GET translation/GetTranslations', () => {
    it('pages, searches the English and the translation, and filters missing ones', async () => {
      const tag = `zq${Date.now()}`;
      const texts = [`${tag} alpha`, `${tag} beta`, `${tag} gamma`];
      await api.post('translation/ReportMissing', { Language: 'es', Texts: texts }, operator);
      await api.post(
        'translation/SaveTranslation',
        { Language: 'es', English: texts[1], Text: `${tag} beta traducido` },
        admin,
      );

      const all = await api.get<Page>(
        'translation/GetTranslations',
        { Language: 'es', Search: tag.toUpperCase(), Skip: 0, Take: 10 },
        admin,
      );
      expect(all.envelope.Error).toBe(false);
      expect(all.result.Total).toBe(3);
      // Missing first, then by English text.
      expect(all.result.Rows.map((r) => [r.English, r.Text, r.Missing])).toEqual([
        [texts[0], null, true],
        [texts[2], null, true],
        [texts[1], `${tag} beta traducido`, false],
      ]);
      expect(all.result.Rows.every((r) => r.Language === 'es' && Number.isInteger(r.TranslationID))).toBe(
        true,
      );
      expect(all.result.MissingTotal).toBeGreaterThanOrEqual(2);

      const missing = await api.get<Page>(
        'translation/GetTranslations',
        { Language: 'es', Search: tag, MissingOnly: true },
        admin,
      );
      expect(missing.result.Rows.map((r) => r.English)).toEqual([texts[0], texts[2]]);
      expect(missing.result.Total).toBe(2);

      const second = await api.get<Page>(
        'translation/GetTranslations',
        { Language: 'es', Search: tag, Skip: 1, Take: 1 },
        admin,
      );
      expect(second.result.Rows.map((r) => r.English)).toEqual([texts[2]]);
      expect(second.result.Total).toBe(3);

      const byTranslation = await api.get<Page>(
        'translation/GetTranslations',
        { Language: 'es', Search: 'iniciar sesi' },
        admin,
      );
      expect(byTranslation.result.Rows.map((r) => r.English)).toContain('Log in');

      // LIKE wildcards in the search are plain characters.
      const percent = await api.get<Page>(
        'translation/GetTranslations',
        { Language: 'es', Search: '%' },
        admin,
      );
      expect(percent.result.Rows.every((r) => `${r.English}${r.Text}`.includes('%'))).toBe(true);
    });

    it.each([
      ['Take 0', { Language: 'es', Take: 0 }, 'Take must be at least 1'],
      ['Take 201', { Language: 'es', Take: 201 }, 'Take must be at most 200'],
      ['Skip -1', { Language: 'es', Skip: -1 }, 'Skip must be a whole number from 0 to 2147483647'],
      ['MissingOnly yes', { Language: 'es', MissingOnly: 'yes' }, 'MissingOnly must be true or false'],
      ['no Language', {}, 'Language is required'],
    ])('bad input (%s): a clear Error', async (_name, values, message) => {
      const reply = await changesNothing(() => api.get('translation/GetTranslations', values, admin));
      expect(reply.status).toBe(200);
      expect(reply.envelope).toMatchObject({ Error: true, Message: message });
    });

    it('is refused (403) to a user without mesAdministrator or superAdministrator', async () => {
      const reply = await api.get('translation/GetTranslations', { Language: 'es' }, operator);
      expect(reply.status).toBe(403);
      expect(reply.envelope.Error).toBe(true);
      expect(reply.envelope.Message).toBe(
        'You do not have permission to do this (it needs one of: mes administrator, super administrator).',
      );
    });
  });

  describe('POST translation/SaveTranslation', () => {
    it('inserts a translation, corrects it, and GetDefaultTranslations and Translate answer it', async () => {
      const english = unique();
      const first = await api.post<TranslationRow>(
        'translation/SaveTranslation',
        { Language: 'es', English: english, Text: ' Primera ' },
        admin,
      );
      expect(first.envelope.Error).toBe(false);
      expect(first.result).toMatchObject({
        English: english,
        Language: 'es',
        Text: 'Primera',
        Missing: false,
      });
      const second = await api.post<TranslationRow>(
        'translation/SaveTranslation',
        { Language: 'es', English: english, Text: 'Corregida' },
        admin,
      );
      expect(second.result.TranslationID).toBe(first.result.TranslationID);
      expect(await row(english)).toEqual({ translated: 'Corregida', updated_by: admin.employeeId });
      const defaults = await api.get<Record<string, string>>('translation/GetDefaultTranslations', {
        language: 'es',
      });
      expect(defaults.result[english]).toBe('Corregida');
      const one = await api.get('translation/Translate', { English: english, language: 'es' }, operator);
      expect(one.result).toBe('Corregida');
    });

    it('fills in a text that was reported missing', async () => {
      const english = unique();
      await api.post('translation/ReportMissing', { Language: 'es', Texts: [english] }, operator);
      await api.post(
        'translation/SaveTranslation',
        { Language: 'es', English: english, Text: 'Hecho' },
        admin,
      );
      expect((await row(english))?.translated).toBe('Hecho');
    });

    it.each([
      ['a blank Text', { Language: 'es', English: 'Log in', Text: '   ' }, 'Text must not be empty'],
      ['no Text', { Language: 'es', English: 'Log in' }, 'Text is required'],
      ['a blank English', { Language: 'es', English: '  ', Text: 'x' }, 'English must not be blank'],
      [
        'English as the language',
        { Language: 'en', English: 'Log in', Text: 'x' },
        'Language must be one of: es',
      ],
      [
        'Text too long',
        { Language: 'es', English: 'Log in', Text: 'x'.repeat(4001) },
        'Text must be at most 4000 characters',
      ],
      ['Text as a number', { Language: 'es', English: 'Log in', Text: 5 }, 'Text must be text'],
    ])('bad input (%s): a clear Error, the translation unchanged', async (_name, values, message) => {
      const reply = await changesNothing(() => api.post('translation/SaveTranslation', values, admin));
      expect(reply.status).toBe(200);
      expect(reply.envelope).toMatchObject({ Error: true, Message: message });
      expect((await row('Log in'))?.translated).toBe('Iniciar sesión');
    });

    it('is refused (403) to a user without the flag, and changes nothing', async () => {
      const reply = await changesNothing(() =>
        api.post(
          'translation/SaveTranslation',
          { Language: 'es', English: 'Log in', Text: 'Hackeado' },
          operator,
        ),
      );
      expect(reply.status).toBe(403);
      expect(reply.envelope.Message).toMatch(/mes administrator, super administrator/);
    });
  });

  describe('POST translation/DeleteTranslation', () => {
    it('removes a translation: Translate answers the English again', async () => {
      const english = unique();
      await api.post(
        'translation/SaveTranslation',
        { Language: 'es', English: english, Text: 'Borrar' },
        admin,
      );
      const reply = await api.post(
        'translation/DeleteTranslation',
        { Language: 'es', English: english },
        admin,
      );
      expect(reply.envelope.Error).toBe(false);
      expect(await row(english)).toBeNull();
      const defaults = await api.get<Record<string, string>>('translation/GetDefaultTranslations', {
        language: 'es',
      });
      expect(defaults.result[english]).toBeUndefined();
    });

    it('an unknown text is a clear Error and changes nothing', async () => {
      const english = unique();
      const reply = await changesNothing(() =>
        api.post('translation/DeleteTranslation', { Language: 'es', English: english }, admin),
      );
      expect(reply.envelope).toMatchObject({
        Error: true,
        Message: `There is no es translation of "${english}".`,
      });
    });

    it('bad input (no English) is a clear Error', async () => {
      const reply = await changesNothing(() =>
        api.post('translation/DeleteTranslation', { Language: 'es' }, admin),
      );
      expect(reply.envelope).toMatchObject({ Error: true, Message: 'English is required' });
    });

    it('is refused (403) to a user without the flag, and changes nothing', async () => {
      const reply = await changesNothing(() =>
        api.post('translation/DeleteTranslation', { Language: 'es', English: 'Log in' }, operator),
      );
      expect(reply.status).toBe(403);
      expect((await row('Log in'))?.translated).toBe('Iniciar sesión');
    });
  });

  describe('live: translations:es through the official @microsoft/signalr client', () => {
    const hubBase = () => server.url.replace(/api\/$/, '');

    it.each([
      ['a logged-in Spanish user', () => operator.token],
      ['an unattended TV screen (no login: the topic is public)', () => ''],
    ])('%s receives every save and delete, in order', async (_name, token) => {
      const follower = new TopicFollower(hubBase(), token(), 'translations:es');
      await follower.start();
      try {
        const start = follower.lastSeq;
        const english = unique();
        const saved = await api.post<TranslationRow>(
          'translation/SaveTranslation',
          { Language: 'es', English: english, Text: 'En vivo' },
          admin,
        );
        await until(() => follower.lastSeq >= start + 1);
        expect(follower.docs.get(start + 1)).toEqual({
          TranslationID: saved.result.TranslationID,
          Language: 'es',
          English: english,
          Text: 'En vivo',
        } satisfies TranslationDoc);

        await api.post('translation/DeleteTranslation', { Language: 'es', English: english }, admin);
        await until(() => follower.lastSeq >= start + 2);
        // Not a bare deletion: the follower learns which English text lost its translation.
        expect(follower.docs.get(start + 2)).toMatchObject({ English: english, Text: null });
        expect(follower.applied.slice(-2)).toEqual([start + 1, start + 2]);
      } finally {
        await follower.stop();
      }
    });

    it('sync/Pull: anonymous for translations:es, but still 401 without a session for any other topic', async () => {
      const open = await api.get<{ documents: unknown[] }>('sync/Pull', {
        Topic: 'translations:es',
        Since: 0,
      });
      expect(open.status).toBe(200);
      expect(open.envelope.Error).toBe(false);
      const closed = await api.get('sync/Pull', { Topic: `employee:${operator.employeeId}`, Since: 0 });
      expect(closed.status).toBe(401);
      const stale = await api.get('sync/Pull', { Topic: 'connections', Since: 0 }, { token: 'not-a-token' });
      expect(stale.status).toBe(401);
    });

    it('a refused save publishes nothing', async () => {
      const follower = new TopicFollower(hubBase(), operator.token, 'translations:es');
      await follower.start();
      try {
        const start = follower.lastSeq;
        await api.post(
          'translation/SaveTranslation',
          { Language: 'es', English: 'Log in', Text: 'x' },
          operator,
        );
        await api.post(
          'translation/SaveTranslation',
          { Language: 'es', English: 'Log in', Text: ' ' },
          admin,
        );
        // A marker save after the refused ones: the next seq is the marker's.
        const marker = unique();
        await api.post(
          'translation/SaveTranslation',
          { Language: 'es', English: marker, Text: 'marca' },
          admin,
        );
        await until(() => follower.lastSeq >= start + 1);
        expect(follower.docs.get(start + 1)).toMatchObject({ English: marker });
      } finally {
        await follower.stop();
      }
    });
  });
});
