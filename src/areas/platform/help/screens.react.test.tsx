// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { HelpLinkRow } from '../../../../domain/platform/help';
import { sessionMachine } from '../../../../machines/session.machine';
import { userRecord } from '../../../../tests/support/fixtures';
import { envelopeResponse, makeClient, type RecordedRequest } from '../../../api/testing';
import { ServicesContext } from '../../../app/context';
import type { Services } from '../../../app/services';
import { VideoEditorPage } from './HelpLinkEditor';
import { HelpMenu } from './HelpMenu';
import { createHelpServices } from './services';
import { groupVideos, isPlayableVideo, VideoBrowserPage } from './VideoBrowserPage';

afterEach(() => cleanup());

const links: HelpLinkRow[] = [
  {
    HelpLinkID: 1,
    Kind: 'video',
    RouteName: 'Scheduling',
    Title: 'Reading the plant schedule',
    URL: 'https://h.example/s.mp4',
  },
  {
    HelpLinkID: 2,
    Kind: 'video',
    RouteName: 'Intro',
    Title: 'Getting around',
    URL: 'https://h.example/intro.mp4',
  },
  {
    HelpLinkID: 3,
    Kind: 'video',
    RouteName: 'Scheduling',
    Title: 'What-if schedules',
    URL: 'https://youtu.be/abc',
  },
];

function mount(node: ReactNode, respond: (req: RecordedRequest) => unknown, granted: string[] = []) {
  const quiet = { showError: () => {}, showWarning: () => {}, showSuccess: () => {} };
  const { client, requests } = makeClient(
    (req) => {
      const answer = respond(req);
      return envelopeResponse(
        answer instanceof Error ? { Error: true, Message: answer.message } : { result: answer },
      );
    },
    { ui: quiet },
  );
  const session = createActor(sessionMachine, { input: { user: userRecord({}, granted) } }).start();
  const help = createHelpServices({ api: client, enqueue: () => {}, storage: null });
  const services = { api: client, session, help } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <MemoryRouter>{node}</MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { requests, help };
}

const path = (r: RecordedRequest) => new URL(r.url, 'http://x').pathname.replace('/api/', '');

describe('VideoEditorPage', () => {
  it('keeps what was typed and shows the reason when a save is refused, then saves once corrected', async () => {
    let refuse = true;
    const { requests } = mount(
      <VideoEditorPage />,
      (req) => {
        if (path(req) === 'web/GetHelpLinks') return links;
        if (refuse)
          return new Error(
            '"Intro" already has this address as "Getting around"; change that link instead of adding it twice.',
          );
        return { ...req.json, HelpLinkID: 9, Kind: 'video' };
      },
      ['DocumentAdministrator'],
    );
    await screen.findByText('Reading the plant schedule');
    const form = screen.getByRole('form', { name: 'Add a video' });
    const field = (name: string) => within(form).getByLabelText(name) as HTMLInputElement;
    fireEvent.change(field('Screen name'), { target: { value: 'Intro' } });
    fireEvent.change(field('Title'), { target: { value: 'Getting around again' } });
    fireEvent.change(field('Address (URL)'), { target: { value: 'https://h.example/intro.mp4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect((await screen.findByRole('alert')).textContent).toContain('already has this address');
    expect([field('Screen name').value, field('Title').value, field('Address (URL)').value]).toEqual([
      'Intro',
      'Getting around again',
      'https://h.example/intro.mp4',
    ]);

    refuse = false;
    fireEvent.change(field('Address (URL)'), { target: { value: 'https://h.example/intro-2.mp4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('status')).textContent).toBe('Added "Getting around again" to Intro.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Getting around again')).toBeTruthy();
    // The screen name stays for the next link; title and address are cleared.
    expect([field('Screen name').value, field('Title').value, field('Address (URL)').value]).toEqual([
      'Intro',
      '',
      '',
    ]);
    const saves = requests.filter((r) => path(r) === 'web/SaveHelpLink');
    expect(saves.map((r) => r.json?.URL)).toEqual([
      'https://h.example/intro.mp4',
      'https://h.example/intro-2.mp4',
    ]);
  });

  it('shows the list without the form to a user who may not change help links', async () => {
    mount(<VideoEditorPage />, () => links);
    await screen.findByText('Reading the plant schedule');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Only a document administrator can add or change videos.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('HelpMenu', () => {
  it('lists the current screen videos and procedures, each opening in a new tab', async () => {
    const { help } = mount(<HelpMenu />, (req) =>
      path(req) === 'web/VideoLinksForRoute'
        ? [{ HelpLinkID: 1, Title: 'Reading the plant schedule', URL: 'https://h.example/s.mp4' }]
        : [{ HelpLinkID: 5, Title: 'SOP-220 Weekly commit', URL: 'https://h.example/220.pdf' }],
    );
    await act(() => help.load('Scheduling'));
    fireEvent.click(screen.getByRole('button', { name: 'Help for this screen (2)' }));
    const panel = screen.getByRole('dialog', { name: 'Help for this screen' });
    const video = within(panel).getByRole('link', { name: 'Reading the plant schedule' });
    const sop = within(panel).getByRole('link', { name: 'SOP-220 Weekly commit' });
    for (const [a, href] of [
      [video, 'https://h.example/s.mp4'],
      [sop, 'https://h.example/220.pdf'],
    ] as const) {
      expect(a.getAttribute('href')).toBe(href);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when a screen has no help', async () => {
    const { help, requests } = mount(<HelpMenu />, () => []);
    await act(() => help.load('Login'));
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Help for this screen' }));
    expect(screen.getByText('No videos or procedures for this screen yet.')).toBeTruthy();
  });
});

describe('VideoBrowserPage', () => {
  it('groups every video by screen name, searches, plays files in place and opens the rest', async () => {
    mount(<VideoBrowserPage />, () => links);
    const groups = await screen.findAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Intro', 'Scheduling']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'what-if' } });
    await waitFor(() => expect(screen.queryByText('Getting around')).toBeNull());
    expect(screen.getByText('What-if schedules')).toBeTruthy();
    // A video site is opened, not played.
    expect(screen.queryByRole('button', { name: 'Play What-if schedules' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Open What-if schedules in a new tab' }).getAttribute('target'),
    ).toBe('_blank');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play Getting around' }));
    const player = document.querySelector('video');
    expect(player?.getAttribute('src')).toBe('https://h.example/intro.mp4');
  });

  it('groupVideos and isPlayableVideo', () => {
    expect(groupVideos(links, 'SCHED').map(([r, l]) => [r, l.length])).toEqual([['Scheduling', 2]]);
    expect(groupVideos(links, 'getting').map(([r]) => r)).toEqual(['Intro']);
    expect(isPlayableVideo('https://h.example/a.MP4?t=3')).toBe(true);
    expect(isPlayableVideo('https://youtu.be/abc')).toBe(false);
  });
});
