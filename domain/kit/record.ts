import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Count, Id, Text, Timestamp } from '../contract/fields';
import { documentTypes } from './documents';

/**
 * The record side of the kit (issue 16 §3, §4, §6): comments with mentions shown with the history as one
 * timeline, attached files, and who else has a record open. One set of calls serves every document type:
 * they name the record by `Type` (the declaration's `type`) and `ID`, and the server applies that type's
 * read access and plant rule. A type needs nothing of its own to have them (docs/DOCUMENT-KIT.md).
 */

/** The kit's document types by name, for the calls' `Type`. */
export const DocType = z.enum(documentTypes.map((d) => d.type) as [string, ...string[]]);

const RecordRef = { Type: DocType, ID: Id };

/** The longest comment. */
export const COMMENT_MAX = 4000;
/** The most people one comment may mention. */
export const MENTIONS_MAX = 20;
/** The largest file that may be attached to a record (a clear refusal beyond it, nothing attached). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

export const TimelineItem = z.object({
  /** `change`: a history row; `comment`: a comment. */
  Kind: z.enum(['change', 'comment']),
  At: Timestamp,
  EmployeeID: Id.nullable(),
  Name: z.string().nullable(),
  /** change */
  Field: z.string().optional(),
  Old: z.unknown().optional(),
  New: z.unknown().optional(),
  Call: z.string().optional(),
  /** comment */
  CommentID: Id.optional(),
  Text: z.string().optional(),
  Mentions: z.array(z.object({ EmployeeID: Id, Name: z.string() })).optional(),
  Deleted: z.boolean().optional(),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

export const GetDocumentTimeline = defineCall({
  method: 'GET',
  path: 'web/GetDocumentTimeline',
  summary: "A record's changes and comments as one timeline, newest first, a page at a time.",
  access: 'user',
  payload: z.object({
    ...RecordRef,
    Skip: Count().optional(),
    Take: z.number().int().min(1).max(200).optional(),
  }),
  result: z.object({ Rows: z.array(TimelineItem), Total: Count() }),
});

export const AddDocumentComment = defineCall({
  method: 'POST',
  path: 'web/AddDocumentComment',
  summary:
    'Comment on a record. Mentions (EmployeeIDs) must be people who may read it; each is notified in the product and by mail.',
  access: 'user',
  payload: z.object({
    ...RecordRef,
    Text: Text(COMMENT_MAX).trim().min(1, 'Text: write something to comment'),
    Mentions: z.array(Id).max(MENTIONS_MAX).optional(),
  }),
  result: z.object({ Comment: TimelineItem }),
});

export const DeleteDocumentComment = defineCall({
  method: 'POST',
  path: 'web/DeleteDocumentComment',
  summary: 'Delete one of your own comments (it stays in the timeline marked deleted, without its text).',
  access: 'user',
  payload: z.object({ CommentID: Id }),
  result: z.object({ Comment: TimelineItem }),
});

export const MentionCandidate = z.object({ EmployeeID: Id, Name: z.string(), PlantID: Id.nullable() });
export const GetMentionCandidates = defineCall({
  method: 'GET',
  path: 'web/GetMentionCandidates',
  summary: 'People who may read a record and whose name contains Search: whom a comment may mention.',
  access: 'user',
  payload: z.object({ ...RecordRef, Search: Text(100).optional() }),
  result: z.array(MentionCandidate),
});

export const Notification = z.object({
  NotificationID: Id,
  Kind: z.string(),
  Text: z.string(),
  FromName: z.string().nullable(),
  Link: z.string().nullable(),
  At: Timestamp,
  Read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const GetMyNotifications = defineCall({
  method: 'GET',
  path: 'web/GetMyNotifications',
  summary: "Your notifications, newest first, and how many are unread (the shell's bell).",
  access: 'user',
  payload: z.object({ Skip: Count().optional(), Take: z.number().int().min(1).max(100).optional() }),
  result: z.object({ Rows: z.array(Notification), Unread: Count(), Total: Count() }),
});

export const MarkNotificationsRead = defineCall({
  method: 'POST',
  path: 'web/MarkNotificationsRead',
  summary: 'Mark one of your notifications read, or all of them when NotificationID is left out.',
  access: 'user',
  payload: z.object({ NotificationID: Id.optional() }),
  result: z.object({ Unread: Count() }),
});

export const DocumentFile = z.object({
  FileID: z.string(),
  FileName: z.string(),
  ContentType: z.string(),
  Size: Count(),
  AttachedBy: z.string().nullable(),
  AttachedAt: Timestamp,
});
export type DocumentFile = z.infer<typeof DocumentFile>;

export const GetDocumentFiles = defineCall({
  method: 'GET',
  path: 'web/GetDocumentFiles',
  summary: 'The files attached to a record (deleted ones left out), newest first.',
  access: 'user',
  payload: z.object(RecordRef),
  result: z.array(DocumentFile),
});

export const AttachDocumentFiles = defineCall({
  method: 'POST',
  path: 'web/AttachDocumentFiles',
  summary: 'Attach files you uploaded (files/Upload) to a record; each at most 20 MB.',
  access: 'user',
  payload: z.object({ ...RecordRef, FileIDs: z.array(z.uuid()).min(1).max(20) }),
  result: z.array(DocumentFile),
});

export const DownloadDocumentFile = defineCall({
  method: 'GET',
  alsoMethod: 'POST',
  path: 'web/DownloadDocumentFile',
  summary: "A record's attached file: to whoever may read the record (its type's read flags and plant).",
  access: 'user',
  response: 'file',
  payload: z.object({ FileID: z.uuid() }),
  result: z.never(),
});

export const DeleteDocumentFile = defineCall({
  method: 'POST',
  path: 'web/DeleteDocumentFile',
  summary: "Remove a file from a record (soft: kept, marked deleted). Needs the type's change access.",
  access: 'user',
  payload: z.object({ FileID: z.uuid() }),
  result: z.object({ FileID: z.string() }),
});

export const DocumentViewer = z.object({
  ConnectionID: z.string(),
  EmployeeID: Id,
  Name: z.string(),
  OpenedAt: Timestamp,
});
export type DocumentViewer = z.infer<typeof DocumentViewer>;

export const OpenDocument = defineCall({
  method: 'POST',
  path: 'web/OpenDocument',
  summary: 'Say this hub connection has a record open; answers who else has it open.',
  access: 'user',
  payload: z.object(RecordRef),
  result: z.array(DocumentViewer),
});

export const CloseDocument = defineCall({
  method: 'POST',
  path: 'web/CloseDocument',
  summary: 'Say this hub connection closed a record (a disconnect says it too).',
  access: 'user',
  payload: z.object(RecordRef),
  result: z.null(),
});

/** The collections of a document type's topic beside `records`: what a record panel follows. */
export const COMMENT_COLLECTION = 'docComments';
export const FILE_COLLECTION = 'docFiles';
export const VIEWER_COLLECTION = 'docViewers';

/** The live topic of one person's notifications. */
export const notificationTopic = (employeeId: number) => `notifications:${employeeId}`;
export const NOTIFICATION_COLLECTION = 'notifications';
