import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHelpLinks } from '../server/db/seed';
import { newPostId } from './support/contract';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { fingerprint, type Wire, wire } from './support/wire';

interface Login {
  token: string;
  employeeId: number;
}

interface Link {
  HelpLinkID: number;
  Kind: 'video' | 'sop';
  RouteName: string;
  Title: string;
  URL: string;
}

/**
 * Help-link maintenance (web/GetHelpLinks, web/SaveHelpLink, web/DeleteHelpLink) and tip dismissal
 * (web/GetDismissedTips, web/DismissTip): calls beyond the specification, over the real wire.
 */
describe.skipIf(!dbAvailable)(`help calls (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  /** admin holds every flag (superAdministrator among them). */
  let admin: Login;
  /** pm holds neither documentAdministrator nor superAdministrator. */
  let pm: Login;
  let scheduler: Login;

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    admin = await api.login('admin');
    pm = await api.login('pm');
    scheduler = await api.login('scheduler');
  });
  afterAll(() => server?.close());

  /** A document administrator who is nothing else. */
  async function documentAdministrator(): Promise<Login> {
    await server.db.query(
      `UPDATE employees SET document_administrator = true, super_administrator = false WHERE employee_id = 1004`,
    );
    return api.login('supervisor');
  }

  const links = async (kind: 'video' | 'sop', routeName?: string, who: Login = pm) => {
    const reply = await api.get<Link[]>('web/GetHelpLinks', { Kind: kind, RouteName: routeName }, who);
    expect(reply.envelope.Error).toBe(false);
    return reply.result;
  };

  /** Sends a call and checks it was refused with `message`, leaving every table as it was. */
  async function refusedUnchanged(
    send: () => Promise<{ status: number; envelope: { Error: boolean; Message: string } }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await fingerprint(server.db);
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.envelope.Error).toBe(true);
    if (typeof message === 'string') expect(reply.envelope.Message).toBe(message);
    else expect(reply.envelope.Message).toMatch(message);
    expect(await fingerprint(server.db)).toBe(before);
  }

  describe('web/GetHelpLinks', () => {
    it('lists every video of every screen, sorted by screen name, with kind and screen name', async () => {
      const videos = await links('video');
      const seeded = demoHelpLinks.filter((l) => l[1] === 'video');
      expect(videos).toHaveLength(seeded.length);
      expect(videos.every((v) => v.Kind === 'video')).toBe(true);
      const names = videos.map((v) => v.RouteName.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(videos).toContainEqual({
        HelpLinkID: expect.any(Number),
        Kind: 'video',
        RouteName: 'Scheduling',
        Title: 'What-if schedules and committing them',
        URL: '/help/scheduling.html#whatif',
      });
    });

    it('narrows to one screen name in any letter case, and by kind', async () => {
      const sops = await links('sop', 'scheduling');
      expect(sops.map((s) => s.Title)).toEqual([
        'SOP-220 Weekly schedule commit',
        'SOP-221 Holidays, shifts and overrides',
      ]);
      expect(await links('sop', 'No Such Screen')).toEqual([]);
      // An empty RouteName is no filter (a cleared search box).
      expect((await links('sop', '')).length).toBe(demoHelpLinks.filter((l) => l[1] === 'sop').length);
    });

    it('refuses an unknown kind with a clear sentence', async () => {
      const reply = await api.get('web/GetHelpLinks', { Kind: 'manual' }, pm);
      expect(reply.envelope).toMatchObject({ Error: true, Message: 'Kind must be one of: video, sop' });
    });

    it('needs a session', async () => {
      const reply = await api.get('web/GetHelpLinks', { Kind: 'video' });
      expect(reply.status).toBe(401);
    });
  });

  describe('web/SaveHelpLink', () => {
    it('adds a link (trimmed) that then shows for its screen, and changes it', async () => {
      const added = await api.post<Link>(
        'web/SaveHelpLink',
        {
          Kind: 'video',
          RouteName: '  Shipments ',
          Title: ' Loading a trailer ',
          URL: ' https://videos.example.com/loading.mp4 ',
        },
        admin,
      );
      expect(added.envelope.Error).toBe(false);
      expect(added.result).toEqual({
        HelpLinkID: expect.any(Number),
        Kind: 'video',
        RouteName: 'Shipments',
        Title: 'Loading a trailer',
        URL: 'https://videos.example.com/loading.mp4',
      });
      const forRoute = await api.get<Link[]>('web/VideoLinksForRoute', { RouteName: 'Shipments' }, pm);
      expect(forRoute.result).toEqual([
        {
          HelpLinkID: added.result.HelpLinkID,
          Title: 'Loading a trailer',
          URL: 'https://videos.example.com/loading.mp4',
        },
      ]);

      const changed = await api.post<Link>(
        'web/SaveHelpLink',
        {
          HelpLinkID: added.result.HelpLinkID,
          Kind: 'sop',
          RouteName: 'Shipments',
          Title: 'SOP-411 Loading a trailer',
          URL: 'http://docs.example.com/SOP-411.pdf',
        },
        admin,
      );
      expect(changed.result).toEqual({
        HelpLinkID: added.result.HelpLinkID,
        Kind: 'sop',
        RouteName: 'Shipments',
        Title: 'SOP-411 Loading a trailer',
        URL: 'http://docs.example.com/SOP-411.pdf',
      });
      expect((await api.get('web/VideoLinksForRoute', { RouteName: 'Shipments' }, pm)).result).toEqual([]);
      expect((await links('sop', 'Shipments')).map((l) => l.Title)).toContain('SOP-411 Loading a trailer');
      const [row] = await server.db.query(
        'SELECT kind, route_name, title, url FROM help_links WHERE help_link_id = $1',
        [added.result.HelpLinkID],
      );
      expect(row).toEqual({
        kind: 'sop',
        route_name: 'Shipments',
        title: 'SOP-411 Loading a trailer',
        url: 'http://docs.example.com/SOP-411.pdf',
      });
    });

    it('a document administrator may add links too', async () => {
      const docAdmin = await documentAdministrator();
      const reply = await api.post<Link>(
        'web/SaveHelpLink',
        {
          Kind: 'sop',
          RouteName: 'Mills',
          Title: 'SOP-300 Mill certs',
          URL: 'https://docs.example.com/300.pdf',
        },
        docAdmin,
      );
      expect(reply.envelope.Error).toBe(false);
      expect((await links('sop', 'Mills')).map((l) => l.Title)).toEqual(['SOP-300 Mill certs']);
    });

    const good = {
      Kind: 'video',
      RouteName: 'Intro',
      Title: 'A title',
      URL: 'https://videos.example.com/a.mp4',
    };
    const bad: Array<[string, Record<string, unknown>, string | RegExp]> = [
      [
        'a relative address',
        { ...good, URL: 'help/a.mp4' },
        /^URL must be a full web address starting with http:\/\/ or https:\/\//,
      ],
      ['another host without a scheme', { ...good, URL: '//videos.example.com/a.mp4' }, /^URL must be/],
      ['a javascript: address', { ...good, URL: 'javascript:alert(1)' }, /^URL must be a full web address/],
      [
        'an ftp address',
        { ...good, URL: 'ftp://files.example.com/a.mp4' },
        /^URL must be a full web address/,
      ],
      [
        'an address with a space',
        { ...good, URL: 'https://videos.example.com/a b.mp4' },
        /^URL must be a full web address/,
      ],
      ['no URL', { ...good, URL: undefined }, 'URL is required'],
      ['an empty title', { ...good, Title: '   ' }, 'Title must not be empty'],
      [
        'a title of 201 characters',
        { ...good, Title: 'x'.repeat(201) },
        'Title must be at most 200 characters',
      ],
      ['an empty screen name', { ...good, RouteName: '' }, 'RouteName must not be empty'],
      [
        'a screen name with a line break',
        { ...good, RouteName: 'Intro\nOther' },
        'RouteName must be a screen name on one line, without tabs or line breaks',
      ],
      [
        'the Login screen',
        { ...good, RouteName: 'login' },
        'The Login screen shows no help, so it cannot have help links',
      ],
      ['an unknown kind', { ...good, Kind: 'manual' }, 'Kind must be one of: video, sop'],
      ['a HelpLinkID as text', { ...good, HelpLinkID: 'seven' }, 'HelpLinkID must be a number'],
      [
        'an unknown HelpLinkID',
        { ...good, HelpLinkID: 999999 },
        'Help link 999999 does not exist; it may have been deleted by someone else. Reload the list.',
      ],
      [
        'an address the screen already has',
        { ...good, URL: '/help/getting-around.html#menu' },
        '"Intro" already has this address as "Getting around the application"; change that link instead of adding it twice.',
      ],
    ];
    it.each(bad)('refuses %s with a clear sentence and changes nothing', async (_name, values, message) => {
      await refusedUnchanged(() => api.post('web/SaveHelpLink', values, admin), 200, message);
    });

    it('the same address may serve another screen, and a link may keep its own address when changed', async () => {
      const other = await api.post<Link>(
        'web/SaveHelpLink',
        { ...good, RouteName: 'Weather', URL: '/help/getting-around.html#menu' },
        admin,
      );
      expect(other.envelope.Error).toBe(false);
      const again = await api.post<Link>(
        'web/SaveHelpLink',
        { ...other.result, Title: 'Getting around, again' },
        admin,
      );
      expect(again.envelope.Error).toBe(false);
      expect(again.result.Title).toBe('Getting around, again');
    });

    it('refuses a user without documentAdministrator or superAdministrator with 403 and changes nothing', async () => {
      await refusedUnchanged(
        () => api.post('web/SaveHelpLink', good, pm),
        403,
        'You do not have permission to do this (it needs one of: document administrator, super administrator).',
      );
    });
  });

  describe('web/DeleteHelpLink', () => {
    it('deletes a link, which then no longer shows for its screen', async () => {
      const added = await api.post<Link>(
        'web/SaveHelpLink',
        {
          Kind: 'sop',
          RouteName: 'Barcodes',
          Title: 'SOP-500 Label printers',
          URL: 'https://docs.example.com/500.pdf',
        },
        admin,
      );
      expect(
        (await api.get<Link[]>('web/SOPLinksForRoute', { RouteName: 'Barcodes' }, pm)).result,
      ).toHaveLength(1);
      const reply = await api.post('web/DeleteHelpLink', { HelpLinkID: added.result.HelpLinkID }, admin);
      expect(reply.envelope.Error).toBe(false);
      expect(reply.result).toBeNull();
      expect((await api.get('web/SOPLinksForRoute', { RouteName: 'Barcodes' }, pm)).result).toEqual([]);
    });

    it('refuses an unknown id or a missing one with a clear sentence and changes nothing', async () => {
      await refusedUnchanged(
        () => api.post('web/DeleteHelpLink', { HelpLinkID: 999999 }, admin),
        200,
        'Help link 999999 does not exist; it may have been deleted already.',
      );
      await refusedUnchanged(() => api.post('web/DeleteHelpLink', {}, admin), 200, 'HelpLinkID is required');
      await refusedUnchanged(
        () => api.post('web/DeleteHelpLink', { HelpLinkID: -3 }, admin),
        200,
        'HelpLinkID must be a whole number from 1 to 2147483647',
      );
    });

    it('refuses a user without the flags with 403 and changes nothing', async () => {
      const [first] = await links('video');
      await refusedUnchanged(
        () => api.post('web/DeleteHelpLink', { HelpLinkID: first!.HelpLinkID }, scheduler),
        403,
        /^You do not have permission to do this/,
      );
    });
  });

  describe('tip dismissal', () => {
    const dismissed = async (who: Login) => {
      const reply = await api.get<Array<{ TipKey: string; RouteName: string }>>(
        'web/GetDismissedTips',
        {},
        who,
      );
      expect(reply.envelope.Error).toBe(false);
      return reply.result;
    };

    it('remembers a dismissal per tip key and route, per employee, and answers the same when repeated', async () => {
      expect(await dismissed(scheduler)).toEqual([]);
      const first = await api.post(
        'web/DismissTip',
        { TipKey: 'intro.settings', RouteName: 'Intro' },
        scheduler,
      );
      expect(first.envelope.Error).toBe(false);
      const before = await fingerprint(server.db);
      // Dismissing again (a retried post, another tab) answers the same and changes nothing.
      const again = await api.post(
        'web/DismissTip',
        { TipKey: 'intro.settings', RouteName: 'Intro' },
        scheduler,
      );
      expect(again.envelope).toMatchObject({ Error: false, Silent: false, Sorry: false });
      expect(await fingerprint(server.db)).toBe(before);
      // The same key on another route is another tip.
      await api.post('web/DismissTip', { TipKey: 'intro.settings', RouteName: 'Scheduling' }, scheduler);
      expect(await dismissed(scheduler)).toEqual([
        { TipKey: 'intro.settings', RouteName: 'Intro' },
        { TipKey: 'intro.settings', RouteName: 'Scheduling' },
      ]);
      // Another employee's tips are their own.
      expect(await dismissed(pm)).toEqual([]);
    });

    it('follows the employee to another session (another device)', async () => {
      const otherDevice = await api.login('scheduler');
      expect(otherDevice.token).not.toBe(scheduler.token);
      expect(await dismissed(otherDevice)).toContainEqual({ TipKey: 'intro.settings', RouteName: 'Intro' });
    });

    it('applies a queued dismissal once per PostID', async () => {
      const PostID = newPostId();
      const body = { TipKey: 'plan.drag', RouteName: 'Production Plan', PostID, PostQueueEmpty: true };
      const one = await api.post('web/DismissTip', body, pm);
      const two = await api.post('web/DismissTip', body, pm);
      expect([one.envelope.Error, two.envelope.Error]).toEqual([false, false]);
      const rows = await server.db.query('SELECT 1 FROM dismissed_tips WHERE employee_id = $1', [
        pm.employeeId,
      ]);
      expect(rows).toHaveLength(1);
    });

    const badTips: Array<[string, Record<string, unknown>, string]> = [
      ['no TipKey', { RouteName: 'Intro' }, 'TipKey is required'],
      [
        'a TipKey with spaces',
        { TipKey: 'my tip', RouteName: 'Intro' },
        'TipKey must contain only letters, digits and . _ : -',
      ],
      [
        'a TipKey of 101 characters',
        { TipKey: 'k'.repeat(101), RouteName: 'Intro' },
        'TipKey must be at most 100 characters',
      ],
      ['a TipKey as a number', { TipKey: 5, RouteName: 'Intro' }, 'TipKey must be text'],
      ['no RouteName', { TipKey: 'intro.settings' }, 'RouteName is required'],
    ];
    it.each(badTips)(
      'refuses %s with a clear sentence and changes nothing',
      async (_name, values, message) => {
        await refusedUnchanged(() => api.post('web/DismissTip', values, pm), 200, message);
      },
    );

    it('needs a session', async () => {
      const reply = await api.post('web/DismissTip', { TipKey: 'intro.settings', RouteName: 'Intro' });
      expect(reply.status).toBe(401);
      expect((await api.get('web/GetDismissedTips', {})).status).toBe(401);
    });
  });
});
