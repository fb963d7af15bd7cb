// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallDef } from '../../../domain/contract/call';
import type { TranslationRow } from '../../../domain/platform/translations';
import { sessionMachine } from '../../../machines/session.machine';
import { openDatabase, type ProjectionDatabase } from '../../../projections/database';
import { userRecord } from '../../../tests/support/fixtures';
import { ServicesContext } from '../../app/context';
import { TranslationsPage } from './TranslationsPage';

const missingRow: TranslationRow = {
  TranslationID: 1,
  English: 'Good morning',
  Language: 'es',
  Text: null,
  Missing: true,
};

describe('TranslationsPage', () => {
  let db: ProjectionDatabase;
  let calls: Array<{ path: string; payload: Record<string, unknown> }>;
  let saveResult: () => Promise<unknown>;

  beforeEach(async () => {
    db = await openDatabase({ name: `tp${Math.random().toString(36).slice(2)}`, storage: 'memory' });
    calls = [];
    saveResult = async () => ({ ...missingRow, Text: 'Buenos días', Missing: false });
  });
  afterEach(async () => {
    cleanup();
    await db.close();
  });

  function show(granted: string[]) {
    const session = createActor(
      sessionMachine.provide({
        actors: { login: fromPromise(async () => userRecord()), logout: fromPromise(async () => {}) },
      }),
      { input: { user: userRecord({}, granted) } },
    ).start();
    const backgroundApi = {
      async get(call: CallDef, payload: Record<string, unknown>) {
        calls.push({ path: call.path, payload });
        return { Rows: [missingRow], Total: 1, MissingTotal: 1 };
      },
      async post(call: CallDef, payload: Record<string, unknown>) {
        calls.push({ path: call.path, payload });
        return saveResult();
      },
    };
    const services = { backgroundApi, db, session };
    render(
      <ServicesContext.Provider value={services as never}>
        <TranslationsPage />
      </ServicesContext.Provider>,
    );
  }

  it('a failed save keeps what was typed and shows why; saving again succeeds', async () => {
    show(['MesAdministrator']);
    const input = (await screen.findByLabelText('Translation of Good morning')) as HTMLInputElement;
    expect(calls[0]).toEqual({
      path: 'translation/GetTranslations',
      payload: { Language: 'es', MissingOnly: false, Skip: 0, Take: 25 },
    });
    fireEvent.change(input, { target: { value: 'Buenos días' } });
    saveResult = async () => {
      throw new Error('Cannot reach the server. Check the connection and try again.');
    };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Cannot reach the server. Check the connection and try again.',
    );
    expect(input.value).toBe('Buenos días');
    expect(calls.at(-1)).toEqual({
      path: 'translation/SaveTranslation',
      payload: { Language: 'es', English: 'Good morning', Text: 'Buenos días' },
    });

    saveResult = async () => ({ ...missingRow, Text: 'Buenos días', Missing: false });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(input.value).toBe('Buenos días');
  });

  it('Enter saves, Escape reverts to the saved text', async () => {
    show(['SuperAdministrator']);
    const input = (await screen.findByLabelText('Translation of Good morning')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Hola' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'Buenos días' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('translation/SaveTranslation'));
  });

  it('without mesAdministrator or superAdministrator: says so and loads nothing', async () => {
    show(['AccessManufacturing']);
    expect(await screen.findByText('You do not have permission to maintain translations.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
