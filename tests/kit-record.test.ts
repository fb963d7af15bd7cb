import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../server/db/seed';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The kit's record side (issue 16 §3, §4, §6) on /devices: the timeline of changes and comments,
 * mentions (only of people who may read the record; a notification and a queued mail each), attached
 * files (download by the type's read flags and the record's plant, soft delete, size limit) and who
 * has a record open (leaving on close and on disconnect).
 */
interface Item {
  Kind: 'change' | 'comment';
  Name: string | null;
  Field?: string;
  CommentID?: number;
  Text?: string;
  Mentions?: Array<{ EmployeeID: number; Name: string }>;
  Deleted?: boolean;
}

describe.skipIf(!dbAvailable)(`document kit: the record side (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let it1: Caller;
  let it1b: Caller;
  let it6: Caller;
  let nobody: Caller;
  let device1: number;
  let device6: number;
  const fingerprint = () =>
    tablesFingerprint(server.db, [
      'document_comments',
      'notifications',
      'mail_outbox',
      'document_files',
      'document_viewers',
      'stored_files',
      'change_log',
    ]);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });

  const employee = (
    employeeId: number,
    userName: string,
    first: string,
    last: string,
    plantId: number,
    flags: string[],
  ) =>
    createEmployee(server.db, {
      employeeId,
      userName,
      password: userName,
      firstName: first,
      lastName: last,
      title: 'Test',
      plantId,
      flags: flags as never,
    });

  beforeAll(async () => {
    server = await startServer();
    api = wire(server.url);
    await employee(9501, 'rit1', 'Rita', 'Ops', 1, ['informationTechnology']);
    await employee(9502, 'rit1b', 'Remy', 'Ops', 1, ['informationTechnology']);
    await employee(9503, 'rit6', 'Ivan', 'Sixer', 6, ['informationTechnology']);
    await employee(9504, 'rnone', 'Nora', 'Noflags', 1, []);
    // Remy has no address: told in the product only.
    await server.db.query('UPDATE employees SET email = NULL WHERE employee_id = 9502');
    admin = await api.login('admin');
    it1 = await api.login('rit1');
    it1b = await api.login('rit1b');
    it6 = await api.login('rit6');
    nobody = await api.login('rnone');
    device1 = (
      await post<{ Record: { DeviceID: number } }>('web/AddDevice', {
        Name: 'Record tablet',
        Kind: 'tablet',
        PlantID: 1,
      })
    ).Record.DeviceID;
    device6 = (
      await post<{ Record: { DeviceID: number } }>('web/AddDevice', {
        Name: 'Plant six TV',
        Kind: 'tv',
        PlantID: 6,
      })
    ).Record.DeviceID;
  }, 120_000);
  afterAll(() => server?.close());

  const timeline = (id: number, extra: Record<string, unknown> = {}, who: Caller = admin) =>
    get<{ Rows: Item[]; Total: number }>(
      'web/GetDocumentTimeline',
      { Type: 'device', ID: id, ...extra },
      who,
    );

  it('shows changes and comments as one timeline, newest first, a page at a time', async () => {
    await post('web/UpdateDevice', { DeviceID: device1, FieldName: 'Location', Value: 'Bay 9' });
    await post('web/AddDocumentComment', { Type: 'device', ID: device1, Text: 'Moved for the audit' });
    const all = await timeline(device1);
    expect(all.Total).toBe(3);
    expect(all.Rows.map((r) => (r.Kind === 'comment' ? `comment:${r.Text}` : `change:${r.Field}`))).toEqual([
      'comment:Moved for the audit',
      'change:Location',
      'change:(created)',
    ]);
    const page = await timeline(device1, { Skip: 1, Take: 1 });
    expect(page).toMatchObject({ Total: 3, Rows: [{ Kind: 'change', Field: 'Location' }] });
  });

  it('offers as mentions only people who may read the record', async () => {
    const names = async (search: string, id = device1) =>
      (
        await get<Array<{ Name: string }>>('web/GetMentionCandidates', {
          Type: 'device',
          ID: id,
          Search: search,
        })
      ).map((c) => c.Name);
    expect(await names('Ops')).toEqual(['Remy Ops', 'Rita Ops']);
    // Plant 6's IT cannot read plant 1's devices; Nora has no IT flag.
    expect(await names('Sixer')).toEqual([]);
    expect(await names('Noflags')).toEqual([]);
    expect(await names('Sixer', device6)).toEqual(['Ivan Sixer']);
  });

  it('notifies each mentioned person in the product and by mail (when they have an address)', async () => {
    const mailsBefore = (await server.db.query('SELECT 1 FROM mail_outbox')).length;
    const { Comment } = await post<{ Comment: Item }>('web/AddDocumentComment', {
      Type: 'device',
      ID: device1,
      Text: '@Rita Ops @Remy Ops please check the cable',
      Mentions: [9501, 9502],
    });
    expect(Comment.Mentions).toEqual([
      { EmployeeID: 9501, Name: 'Rita Ops' },
      { EmployeeID: 9502, Name: 'Remy Ops' },
    ]);
    const rita = await get<{
      Rows: Array<{ NotificationID: number; Text: string; Link: string; Read: boolean }>;
      Unread: number;
    }>('web/GetMyNotifications', {}, it1);
    expect(rita.Unread).toBe(1);
    expect(rita.Rows[0]).toMatchObject({
      Text: expect.stringContaining('Alex Morgan mentioned you on device Record tablet'),
      Link: `/devices?record=${device1}`,
      Read: false,
    });
    expect((await get<{ Unread: number }>('web/GetMyNotifications', {}, it1b)).Unread).toBe(1);
    // One mail: Remy has no address.
    const mails = await server.db.query<{ to_addresses: string[]; subject: string }>(
      'SELECT to_addresses, subject FROM mail_outbox ORDER BY mail_id',
    );
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)).toMatchObject({
      to_addresses: ['rit1@steelworks.example'],
      subject: 'Alex Morgan mentioned you on device Record tablet',
    });
    // Live on the person's own topic, and nobody else may follow it.
    const topic = await get<{ documents: Array<{ doc: { Read: boolean } }> }>(
      'sync/Pull',
      { Topic: 'notifications:9501', Since: 0, Limit: 100 },
      it1,
    );
    expect(topic.documents.at(-1)?.doc.Read).toBe(false);
    const other = await api.get('sync/Pull', { Topic: 'notifications:9501', Since: 0 }, it1b);
    expect(other.envelope.Error || other.status >= 400).toBe(true);
    // Read: the count goes down, and someone else's notification cannot be marked.
    await refused(
      'web/MarkNotificationsRead',
      { NotificationID: rita.Rows[0]!.NotificationID },
      it1b,
      `NotificationID: you have no notification ${rita.Rows[0]!.NotificationID}`,
    );
    expect(
      await post<{ Unread: number }>(
        'web/MarkNotificationsRead',
        { NotificationID: rita.Rows[0]!.NotificationID },
        it1,
      ),
    ).toEqual({ Unread: 0 });
  });

  it('refuses a mention of someone who may not read the record, naming them, and writes nothing', async () => {
    await refused(
      'web/AddDocumentComment',
      { Type: 'device', ID: device1, Text: 'hello', Mentions: [9501, 9503, 9504] },
      admin,
      'Mentions: Ivan Sixer, Nora Noflags may not read this device, so cannot be mentioned',
    );
    await refused('web/AddDocumentComment', { Type: 'device', ID: device1, Text: '   ' }, admin, /Text/);
  });

  it('comments only for readers of the record, in its plant', async () => {
    await refused(
      'web/AddDocumentComment',
      { Type: 'device', ID: device1, Text: 'x' },
      nobody,
      'You do not have permission to read devices.',
      403,
    );
    await refused('web/AddDocumentComment', { Type: 'device', ID: device1, Text: 'x' }, it6, /plant/, 403);
    const other = await api.get('web/GetDocumentTimeline', { Type: 'device', ID: device1 }, it6);
    expect(other.status).toBe(403);
    expect((await timeline(device6, {}, it6)).Total).toBe(1);
  });

  it('deletes one’s own comment only, keeping its place in the timeline', async () => {
    const { Comment } = await post<{ Comment: Item }>(
      'web/AddDocumentComment',
      { Type: 'device', ID: device1, Text: 'typo here' },
      it1,
    );
    await refused(
      'web/DeleteDocumentComment',
      { CommentID: Comment.CommentID },
      admin,
      'You may delete only your own comments.',
      403,
    );
    const deleted = await post<{ Comment: Item }>(
      'web/DeleteDocumentComment',
      { CommentID: Comment.CommentID },
      it1,
    );
    expect(deleted.Comment).toMatchObject({ Deleted: true, Text: '' });
    const top = (await timeline(device1)).Rows[0];
    expect(top).toMatchObject({
      Kind: 'comment',
      CommentID: Comment.CommentID,
      Deleted: true,
      Name: 'Rita Ops',
    });
    // Live on the type's topic beside the records.
    const pulled = await get<{ documents: Array<{ collection: string; id: string; doc: Item | null }> }>(
      'sync/Pull',
      { Topic: 'docs:device:1', Since: 0, Limit: 1000 },
    );
    const comment = pulled.documents.filter((d) => d.id === `device:${device1}:${Comment.CommentID}`).at(-1);
    expect(comment).toMatchObject({ collection: 'docComments', doc: { Deleted: true } });
  });

  const upload = async (who: Caller, blob: Blob, name: string) => {
    const form = new FormData();
    form.append('Token', who.token);
    form.append('files', blob, name);
    const res = await fetch(`${server.url}files/Upload`, { method: 'POST', body: form });
    const envelope = JSON.parse(await res.text()) as { Error: boolean; Message: string; ResultJSON: string };
    expect(envelope.Error, envelope.Message).toBe(false);
    return (JSON.parse(envelope.ResultJSON) as Array<{ FileID: string }>)[0]!.FileID;
  };
  const download = (who: Caller, fileId: string) =>
    api.raw(`web/DownloadDocumentFile?FileID=${fileId}`, { who: { token: who.token } });
  const png = () => new Blob([Buffer.from('89504e470d0a1a0a0000', 'hex')], { type: 'image/png' });

  it('attaches files to a record and lets exactly its readers download them', async () => {
    const fileId = await upload(it1, png(), 'cable.png');
    const [attached] = await post<Array<{ FileID: string; FileName: string; AttachedBy: string }>>(
      'web/AttachDocumentFiles',
      { Type: 'device', ID: device1, FileIDs: [fileId] },
      it1,
    );
    expect(attached).toMatchObject({ FileID: fileId, FileName: 'cable.png', AttachedBy: 'Rita Ops' });
    expect(
      (
        await get<Array<{ FileID: string }>>('web/GetDocumentFiles', { Type: 'device', ID: device1 }, it1b)
      ).map((f) => f.FileID),
    ).toEqual([fileId]);
    for (const who of [admin, it1b]) {
      const res = await download(who, fileId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).toString('hex')).toBe('89504e470d0a1a0a0000');
    }
    // By flag, and by plant.
    expect((await download(nobody, fileId)).status).toBe(403);
    expect((await download(it6, fileId)).status).toBe(403);
    // The generic download does not hand out a record's file.
    expect((await api.raw(`files/Download?FileID=${fileId}`, { who: { token: it1.token } })).status).toBe(
      403,
    );
    // Live.
    const pulled = await get<{ documents: Array<{ collection: string; id: string }> }>('sync/Pull', {
      Topic: 'docs:device:1',
      Since: 0,
      Limit: 1000,
    });
    expect(
      pulled.documents.some((d) => d.collection === 'docFiles' && d.id === `device:${device1}:${fileId}`),
    ).toBe(true);
  });

  it('attaches only one’s own unattached upload, by those who may change the record', async () => {
    const fileId = await upload(it1, png(), 'mine.png');
    await refused(
      'web/AttachDocumentFiles',
      { Type: 'device', ID: device1, FileIDs: [fileId] },
      it1b,
      `FileIDs: ${fileId} is not a file you uploaded and have not attached yet`,
    );
    const noflag = await upload(nobody, png(), 'n.png');
    await refused(
      'web/AttachDocumentFiles',
      { Type: 'device', ID: device1, FileIDs: [noflag] },
      nobody,
      'You do not have permission to read devices.',
      403,
    );
    await refused(
      'web/AttachDocumentFiles',
      { Type: 'device', ID: device6, FileIDs: [fileId] },
      it1,
      /plant/,
      403,
    );
  });

  it('refuses a file over the attachment limit with its size, attaching nothing', async () => {
    // The limit is on the stored file's size; a real 21 MB upload into PGlite takes a minute, so the
    // recorded size of a small upload is raised instead.
    const big = await upload(it1, png(), 'scan.tif');
    await server.db.query('UPDATE stored_files SET size = $1 WHERE file_id = $2', [21 * 1024 * 1024, big]);
    await refused(
      'web/AttachDocumentFiles',
      { Type: 'device', ID: device1, FileIDs: [big] },
      it1,
      'scan.tif is 21.0 MB: a file attached to a record may be at most 20 MB. Nothing was attached.',
      413,
    );
  });

  it('removes an attachment softly: gone from the list and downloads, kept in storage', async () => {
    const fileId = await upload(it1, png(), 'old.png');
    await post('web/AttachDocumentFiles', { Type: 'device', ID: device1, FileIDs: [fileId] }, it1);
    await refused('web/DeleteDocumentFile', { FileID: fileId }, it6, /plant/, 403);
    await post('web/DeleteDocumentFile', { FileID: fileId }, it1b);
    const files = await get<Array<{ FileID: string }>>('web/GetDocumentFiles', {
      Type: 'device',
      ID: device1,
    });
    expect(files.map((f) => f.FileID)).not.toContain(fileId);
    expect((await download(admin, fileId)).status).toBe(404);
    const [kept] = await server.db.query<{ deleted_at: Date | null; deleted_by: number }>(
      'SELECT deleted_at, deleted_by FROM document_files WHERE file_id = $1',
      [fileId],
    );
    expect(kept?.deleted_at).not.toBeNull();
    expect(kept?.deleted_by).toBe(9502);
    expect((await server.db.query('SELECT 1 FROM stored_files WHERE file_id = $1', [fileId])).length).toBe(1);
  });

  it('shows who else has the record open, until they close it or disconnect', async () => {
    const connect = async (who: Caller) => {
      const c = new HubConnectionBuilder()
        .withUrl(`${server.url.replace(/api\/$/, '')}hub?interface=test`, {
          transport: HttpTransportType.WebSockets,
          accessTokenFactory: () => who.token,
        })
        .configureLogging(LogLevel.None)
        .build();
      await c.start();
      return c;
    };
    const ritaHub = await connect(it1);
    const remyHub = await connect(it1b);
    const viewersOf = async () =>
      (
        await server.db.query<{ name: string }>(
          'SELECT name FROM document_viewers WHERE doc_id = $1 ORDER BY name',
          [device1],
        )
      ).map((r) => r.name);
    const open = (who: Caller, connectionId: string) =>
      post<Array<{ Name: string }>>('web/OpenDocument', { Type: 'device', ID: device1 }, {
        ...who,
        headers: { ConnectionID: connectionId },
      } as Caller);
    expect((await open(it1, ritaHub.connectionId!)).map((v) => v.Name)).toEqual(['Rita Ops']);
    expect((await open(it1b, remyHub.connectionId!)).map((v) => v.Name)).toEqual(['Rita Ops', 'Remy Ops']);
    // A plant-6 reader may not even say they have it open.
    await refused('web/OpenDocument', { Type: 'device', ID: device1 }, it6, /plant/, 403);
    await post('web/CloseDocument', { Type: 'device', ID: device1 }, {
      ...it1b,
      headers: { ConnectionID: remyHub.connectionId! },
    } as Caller);
    expect(await viewersOf()).toEqual(['Rita Ops']);
    await ritaHub.stop();
    await expect.poll(viewersOf, { timeout: 10_000 }).toEqual([]);
    await remyHub.stop();
    const pulled = await get<{ documents: Array<{ collection: string; doc: unknown }> }>('sync/Pull', {
      Topic: 'docs:device:1',
      Since: 0,
      Limit: 1000,
    });
    const views = pulled.documents.filter((d) => d.collection === 'docViewers');
    expect(views.filter((d) => d.doc).length).toBe(2);
    expect(views.filter((d) => !d.doc).length).toBe(2);
  });
});
