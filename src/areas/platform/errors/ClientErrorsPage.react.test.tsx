// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ClientErrorRow } from '../../../../domain/platform/client-errors';
import { sessionMachine } from '../../../../machines/session.machine';
import { userRecord } from '../../../../tests/support/fixtures';
import { envelopeResponse, makeClient } from '../../../api/testing';
import { ServicesContext } from '../../../app/context';
import type { Services } from '../../../app/services';
import { browserName, CLIENT_ERRORS_PAGE_SIZE, ClientErrorsPage } from './ClientErrorsPage';

afterEach(() => cleanup());

const row = (id: number, overrides: Partial<ClientErrorRow> = {}): ClientErrorRow => ({
  ClientErrorID: id,
  At: '2025-03-01T14:05:00.000Z',
  Name: 'Sam Ortiz',
  EmployeeID: 1003,
  PlantID: 2,
  Browser: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36',
  Message: `TypeError: failure ${id}`,
  Stack: `TypeError: failure ${id}\n    at Plan (Plan.tsx:${id}:1)`,
  URL: 'https://app.example/productionplans',
  Verified: true,
  ...overrides,
});

function mount(
  granted: string[],
  total = 3,
  overrides: (id: number) => Partial<ClientErrorRow> = () => ({}),
) {
  const { client, requests } = makeClient((req) => {
    const skip = Number(req.query.get('Skip'));
    const rows = Array.from(
      { length: Math.max(0, Math.min(CLIENT_ERRORS_PAGE_SIZE, total - skip)) },
      (_, i) => row(total - skip - i, overrides(total - skip - i)),
    );
    return envelopeResponse({ result: { Rows: rows, Total: total } });
  });
  const session = createActor(sessionMachine, { input: { user: userRecord({}, granted) } }).start();
  render(
    <ServicesContext.Provider value={{ api: client, session } as unknown as Services}>
      <ClientErrorsPage />
    </ServicesContext.Provider>,
  );
  return { requests };
}

describe('ClientErrorsPage', () => {
  it('lists reports newest first; a row opens to show the stack, page and browser', async () => {
    mount(['InformationTechnology']);
    const first = await screen.findByRole('button', { name: 'TypeError: failure 3' });
    expect(screen.queryByText(/at Plan \(Plan.tsx:3:1\)/)).toBeNull();
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('client-error-stack').textContent).toBe(
      'TypeError: failure 3\n    at Plan (Plan.tsx:3:1)',
    );
    expect(screen.getByText('https://app.example/productionplans')).toBeTruthy();
    // Shown in the plant's time zone (plant 1: New York).
    const table = screen.getByRole('table', { name: 'Reported errors' });
    expect(within(table).getAllByText('Mar-1-25 9:05 am').length).toBe(3);
    fireEvent.click(first);
    expect(screen.queryByTestId('client-error-stack')).toBeNull();
  });

  it('marks every unverified claim of who reported, a name alone included', async () => {
    const claims: Array<Partial<ClientErrorRow>> = [
      { Verified: true },
      { Verified: false, Name: 'Alex Morgan', EmployeeID: null },
      { Verified: false, Name: null, EmployeeID: 1001 },
      { Verified: false, Name: null, EmployeeID: null },
    ];
    mount(['InformationTechnology'], 4, (id) => claims[id - 1]!);
    const table = await screen.findByRole('table', { name: 'Reported errors' });
    const marked = (id: number) =>
      table.querySelector(`[data-client-error="${id}"] [data-unverified]`) !== null;
    expect([1, 2, 3, 4].map(marked)).toEqual([false, true, true, false]);
  });

  it('searches from the first page, and pages through older reports', async () => {
    const { requests } = mount(['SuperAdministrator'], 120);
    await screen.findByText('1–50 of 120');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('51–100 of 120');
    fireEvent.change(screen.getByLabelText('Search reported errors', { selector: 'input' }), {
      target: { value: ' Plan.tsx ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1–50 of 120');
    expect(requests.map((r) => [r.query.get('Search'), r.query.get('Skip'), r.query.get('Take')])).toEqual([
      [null, '0', '50'],
      [null, '50', '50'],
      ['Plan.tsx', '0', '50'],
    ]);
  });

  it('says plainly that the list is for IT, and asks the server nothing, without the flags', () => {
    const { requests } = mount(['DocumentAdministrator']);
    expect(screen.getByText('You do not have permission to see the reported errors.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('browserName', () => {
    expect(browserName(row(1).Browser)).toBe('Chrome 126');
    expect(
      browserName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0'),
    ).toBe('Edge 126');
    expect(browserName('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15')).toBe(
      'Safari 17',
    );
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe(
      'Firefox 125',
    );
  });
});
