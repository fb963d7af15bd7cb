import { type DocumentDecl, documentTopic, passes } from '../../domain/kit/document';
import {
  AddDocumentComment,
  ATTACHMENT_MAX_BYTES,
  AttachDocumentFiles,
  CloseDocument,
  COMMENT_COLLECTION,
  DeleteDocumentComment,
  DeleteDocumentFile,
  DownloadDocumentFile,
  FILE_COLLECTION,
  GetDocumentFiles,
  GetDocumentTimeline,
  GetMentionCandidates,
  GetMyNotifications,
  MarkNotificationsRead,
  NOTIFICATION_COLLECTION,
  notificationTopic,
  OpenDocument,
  type TimelineItem,
} from '../../domain/kit/record';
import { employeeNames, employeesWhoMayRead } from '../areas/platform/employees.readers';
import { claimUpload, fileBytes } from '../areas/platform/files.repository';
import type { Sql } from '../db/database';
import { CallError, forbidden, invalid, notFound } from '../rpc/errors';
import type { PlantRule } from '../rpc/plant-scope';
import type { AuthUser, CallContext, CallRegistry } from '../rpc/registry';
import type { DocRecord } from './document.repository';
import { queueMail } from './mail';
import {
  changeItem,
  commentItem,
  comments,
  documentFiles,
  fileOf,
  notifications,
  viewerChange,
  viewers,
} from './record.repository';
import { registeredDocuments } from './registered';

/**
 * The kit's record side (issue 16 §3, §4, §6), one set of calls for every document type: the timeline
 * (history and comments), comments with mentions and the notifications and mails they make, attached
 * files, and who has a record open. Each call names a record (Type, ID), or something of one (a
 * comment, a file); it is allowed to whoever may read that record: the type's read flags, checked
 * here, and its plant, checked by the pipeline's plant rule before the handler runs.
 */

type Ctx = CallContext<unknown>;

function typeOf(type: string) {
  const found = registeredDocuments.get(type);
  // The payload's Type is an enum of the declared types; one not served here is a wiring mistake.
  if (!found) throw invalid(`Type: ${type} is not a document type this server serves`);
  return found;
}

/** The record, when `user` may read it; else the refusal. The plant is the pipeline's (see rules below). */
async function readable(db: Sql, user: AuthUser, type: string, id: number) {
  const { decl, repo } = typeOf(type);
  if (!passes(decl.access.read, user.flags))
    throw forbidden(`You do not have permission to read ${decl.nounPlural}.`);
  const record = await repo.get(db, id);
  if (!record) throw invalid(`ID: there is no ${decl.noun} ${id}`);
  return { decl, record };
}

const plantOf = (decl: DocumentDecl, record: DocRecord | null) =>
  decl.plantField && record ? Number(record[decl.plantField]) : null;

const titleOf = (decl: DocumentDecl, record: DocRecord) =>
  String(record[decl.list.columns[0]!] ?? `${decl.noun} ${record[decl.key]}`);

/** The plant of a record named by Type and ID (none for a type that is not plant data). */
const recordPlant = async (db: Sql, type: unknown, id: unknown): Promise<number | null> => {
  const found = typeof type === 'string' ? registeredDocuments.get(type) : undefined;
  return found && typeof id === 'number' ? found.repo.plantOf(db, id) : null;
};

const byRecord: PlantRule = {
  by: "the record's plant (Type, ID)",
  plants: async (db, p) => [await recordPlant(db, p.Type, p.ID)],
};
const byComment: PlantRule = {
  by: "the plant of the comment's record",
  plants: async (db, p) => {
    const c = typeof p.CommentID === 'number' ? await comments.find(db, p.CommentID) : undefined;
    return [c ? await recordPlant(db, c.doc_type, c.doc_id) : null];
  },
};
const byFile: PlantRule = {
  by: "the plant of the file's record",
  plants: async (db, p) => {
    const f = typeof p.FileID === 'string' ? await documentFiles.find(db, p.FileID) : undefined;
    return [f ? await recordPlant(db, f.doc_type, f.doc_id) : null];
  },
};
const own: PlantRule = { none: "one's own notifications are not plant data" };

export function registerRecordCalls(registry: CallRegistry): void {
  registry.handle(
    GetDocumentTimeline,
    async ({ db, user, payload }) => {
      await readable(db, user!, payload.Type, payload.ID);
      const page = await comments.timeline(
        db,
        payload.Type,
        payload.ID,
        payload.Skip ?? 0,
        payload.Take ?? 50,
      );
      const mentioned = page.rows.flatMap((r) => (r.kind === 'comment' ? (r.row.mentions as number[]) : []));
      const names = mentioned.length ? await employeeNames(db, [...new Set(mentioned)]) : new Map();
      return {
        Total: page.total,
        Rows: page.rows.map((r) =>
          r.kind === 'change' ? changeItem(r.row) : commentItem(r.row as never, names),
        ),
      };
    },
    { plant: byRecord },
  );

  registry.handle(
    GetMentionCandidates,
    async ({ db, user, payload }) => {
      const { decl, record } = await readable(db, user!, payload.Type, payload.ID);
      const readers = await employeesWhoMayRead(db, {
        access: decl.access.read,
        plantId: plantOf(decl, record),
        search: payload.Search,
        take: 10,
      });
      return readers.map((r) => ({ EmployeeID: r.employeeId, Name: r.name, PlantID: r.plantId }));
    },
    { plant: byRecord },
  );

  registry.handle(
    AddDocumentComment,
    async (ctx) => {
      const { db, payload } = ctx;
      const user = ctx.user!;
      const { decl, record } = await readable(db, user, payload.Type, payload.ID);
      if (record.Deleted) throw invalid(`ID: ${decl.noun} ${payload.ID} is deleted`);
      const mentions = [...new Set(payload.Mentions ?? [])];
      // Only people who may read the record may be mentioned: a mention would otherwise tell them of a
      // record they cannot open, and mail them its words.
      const readers = mentions.length
        ? await employeesWhoMayRead(db, {
            access: decl.access.read,
            plantId: plantOf(decl, record),
            ids: mentions,
            take: mentions.length,
          })
        : [];
      const refused = mentions.filter((id) => !readers.some((r) => r.employeeId === id));
      if (refused.length) {
        const names = await employeeNames(db, refused);
        throw invalid(
          `Mentions: ${refused.map((id) => names.get(id) ?? `employee ${id}`).join(', ')} may not read this ${decl.noun}, so cannot be mentioned`,
        );
      }
      const row = await comments.add(db, {
        type: decl.type,
        id: payload.ID,
        employeeId: user.employeeId,
        name: user.name,
        text: payload.Text,
        mentions,
      });
      const item = commentItem(row, new Map(readers.map((r) => [r.employeeId, r.name])));
      publishComment(ctx, decl, record, item);
      const title = titleOf(decl, record);
      const link = decl.route ? `${decl.route}?record=${payload.ID}` : null;
      for (const reader of readers) {
        if (reader.employeeId === user.employeeId) continue;
        const text = `${user.name} mentioned you on ${decl.noun} ${title}: ${payload.Text.slice(0, 200)}`;
        const notification = await notifications.add(db, {
          employeeId: reader.employeeId,
          kind: 'mention',
          type: decl.type,
          id: payload.ID,
          commentId: Number(row.comment_id),
          fromName: user.name,
          text,
          link,
        });
        ctx.publish({
          topic: notificationTopic(reader.employeeId),
          collection: NOTIFICATION_COLLECTION,
          id: String(notification.NotificationID),
          doc: notification,
        });
        // No address: told in the product only.
        if (reader.email) {
          await queueMail(db, {
            to: [reader.email],
            subject: `${user.name} mentioned you on ${decl.noun} ${title}`,
            text: `${user.name} wrote on ${decl.noun} ${title}:\n\n${payload.Text}\n\n${link ? `Open it: ${link}` : ''}`.trim(),
            source: { Type: decl.type, ID: payload.ID, CommentID: Number(row.comment_id) },
            createdBy: user.employeeId,
          });
        }
      }
      return { Comment: item };
    },
    { plant: byRecord },
  );

  registry.handle(
    DeleteDocumentComment,
    async (ctx) => {
      const { db, payload } = ctx;
      const user = ctx.user!;
      const before = await comments.find(db, payload.CommentID, true);
      if (!before) throw invalid(`CommentID: there is no comment ${payload.CommentID}`);
      const { decl, record } = await readable(db, user, before.doc_type, before.doc_id);
      if (before.employee_id !== user.employeeId) throw forbidden('You may delete only your own comments.');
      if (before.deleted_at !== null) return { Comment: commentItem(before, new Map()) };
      const item = commentItem(await comments.markDeleted(db, payload.CommentID), new Map());
      publishComment(ctx, decl, record, item);
      return { Comment: item };
    },
    { plant: byComment },
  );

  registry.handle(
    GetMyNotifications,
    ({ db, user, payload }) =>
      notifications.list(db, user!.employeeId, payload.Skip ?? 0, payload.Take ?? 20),
    { plant: own },
  );

  registry.handle(
    MarkNotificationsRead,
    async (ctx) => {
      const { db, payload } = ctx;
      const me = ctx.user!.employeeId;
      if (
        payload.NotificationID !== undefined &&
        !(await notifications.exists(db, me, payload.NotificationID))
      )
        throw invalid(`NotificationID: you have no notification ${payload.NotificationID}`);
      const changed = await notifications.markRead(db, me, payload.NotificationID ?? null);
      for (const n of changed) {
        ctx.publish({
          topic: notificationTopic(me),
          collection: NOTIFICATION_COLLECTION,
          id: String(n.NotificationID),
          doc: n,
        });
      }
      return { Unread: await notifications.unread(db, me) };
    },
    { plant: own },
  );

  registry.handle(
    GetDocumentFiles,
    async ({ db, user, payload }) => {
      await readable(db, user!, payload.Type, payload.ID);
      return (await documentFiles.list(db, payload.Type, payload.ID)).map(fileOf);
    },
    { plant: byRecord },
  );

  registry.handle(
    AttachDocumentFiles,
    async (ctx) => {
      const { db, payload } = ctx;
      const user = ctx.user!;
      const { decl, record } = await readable(db, user, payload.Type, payload.ID);
      mayChange(decl, user);
      if (record.Deleted) throw invalid(`ID: ${decl.noun} ${payload.ID} is deleted`);
      const attached = [];
      for (const fileId of new Set(payload.FileIDs)) {
        const file = await claimUpload(db, fileId, user.employeeId, {
          kind: 'document',
          id: `${decl.type}:${payload.ID}`,
        });
        if (!file) throw invalid(`FileIDs: ${fileId} is not a file you uploaded and have not attached yet`);
        if (file.size > ATTACHMENT_MAX_BYTES)
          throw new CallError(
            `${file.file_name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: a file attached to a record may be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB. Nothing was attached.`,
            'error',
            413,
          );
        const row = fileOf(
          await documentFiles.attach(db, { fileId, type: decl.type, id: payload.ID, by: user.employeeId }),
        );
        attached.push(row);
        publishFile(ctx, decl, record, row.FileID, row);
      }
      return attached;
    },
    { plant: byRecord },
  );

  registry.handle(
    DownloadDocumentFile,
    async ({ db, user, payload }) => {
      const file = await documentFiles.find(db, payload.FileID);
      if (!file || file.deleted_at !== null) throw notFound('That file does not exist or was deleted.');
      await readable(db, user!, file.doc_type, file.doc_id);
      const bytes = await fileBytes(db, file.file_id);
      if (!bytes) throw notFound('That file does not exist or was deleted.');
      return { bytes, fileName: file.file_name, contentType: file.content_type };
    },
    { plant: byFile },
  );

  registry.handle(
    DeleteDocumentFile,
    async (ctx) => {
      const { db, payload } = ctx;
      const user = ctx.user!;
      const file = await documentFiles.find(db, payload.FileID);
      if (!file) throw invalid(`FileID: there is no attached file ${payload.FileID}`);
      const { decl, record } = await readable(db, user, file.doc_type, file.doc_id);
      mayChange(decl, user);
      if (file.deleted_at === null) {
        await documentFiles.markDeleted(db, payload.FileID, user.employeeId);
        publishFile(ctx, decl, record, payload.FileID, null);
      }
      return { FileID: payload.FileID };
    },
    { plant: byFile },
  );

  registry.handle(
    OpenDocument,
    async (ctx) => {
      const { db, payload } = ctx;
      const user = ctx.user!;
      const { decl, record } = await readable(db, user, payload.Type, payload.ID);
      const connectionId = ctx.request.connectionId;
      // A viewer is a live connection: its disconnect closes what it had open (presence.ts).
      if (!connectionId)
        throw invalid(
          'OpenDocument needs the live connection (header ConnectionID): open the record again once it is connected',
        );
      const row = await viewers.open(db, {
        connectionId,
        type: decl.type,
        id: payload.ID,
        employeeId: user.employeeId,
        name: user.name,
        topic: documentTopic(decl, plantOf(decl, record)),
      });
      if (row) ctx.publish(viewerChange(row, true));
      return viewers.of(db, decl.type, payload.ID);
    },
    { plant: byRecord },
  );

  registry.handle(
    CloseDocument,
    async (ctx) => {
      const connectionId = ctx.request.connectionId;
      if (!connectionId) return null;
      for (const row of await viewers.close(ctx.db, connectionId, ctx.payload.Type, ctx.payload.ID))
        ctx.publish(viewerChange(row, false));
      return null;
    },
    // Closing is always allowed: it only removes the caller's own mark.
    { plant: { none: "closing removes only the caller's own mark" } },
  );
}

function mayChange(decl: DocumentDecl, user: AuthUser) {
  if (!passes(decl.access.change ?? decl.access.read, user.flags))
    throw forbidden(`You do not have permission to change ${decl.nounPlural}.`);
}

/** Comments and files travel on the type's topic beside its records: their readers are the same people. */
function publishComment(ctx: Ctx, decl: DocumentDecl, record: DocRecord, item: TimelineItem) {
  ctx.publish({
    topic: documentTopic(decl, plantOf(decl, record)),
    collection: COMMENT_COLLECTION,
    id: `${decl.type}:${record[decl.key]}:${item.CommentID}`,
    doc: { Type: decl.type, ID: record[decl.key], ...item },
  });
}

function publishFile(ctx: Ctx, decl: DocumentDecl, record: DocRecord, fileId: string, doc: unknown) {
  ctx.publish({
    topic: documentTopic(decl, plantOf(decl, record)),
    collection: FILE_COLLECTION,
    id: `${decl.type}:${record[decl.key]}:${fileId}`,
    doc: doc ? { Type: decl.type, ID: record[decl.key], ...(doc as object) } : null,
  });
}
