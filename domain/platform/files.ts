import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Text } from '../contract/fields';

export const StoredFile = z.object({
  FileID: z.string(),
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.number().int(),
  UploadedBy: z.number().int().nullable(),
  UploadedAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** Beyond the spec: spec 000 §7.1 gives the upload transport (multipart, repeated `files`), not a path. */
export const UploadFiles = defineCall({
  method: 'POST',
  path: 'files/Upload',
  summary: 'Store the files of a multipart body (repeated `files` field); answers their records.',
  access: 'user',
  payload: z.object({}),
  result: z.array(StoredFile),
});

/** Beyond the spec: download by GET with the Authorization header, or by POST with a JSON body. */
export const DownloadFile = defineCall({
  method: 'GET',
  alsoMethod: 'POST',
  path: 'files/Download',
  summary: 'The bytes of a stored file (GET or POST); a failure answers JSON with a message.',
  access: 'user',
  response: 'file',
  payload: z.object({ FileID: z.uuid() }),
  result: z.never(),
});

/**
 * Beyond the spec: the queue may combine several queued posts into one request (spec 000 §7.1). The
 * combined array `[{Path, Body}]` is gzipped, base64-encoded and split into chunks of 32768 characters;
 * the server applies the posts in order, each in its own transaction, and stops at the first failure.
 */
export const PostQueueBatch = defineCall({
  method: 'POST',
  path: 'web/PostQueueBatch',
  summary: 'Apply several queued posts sent as one compressed array (gzip, base64, chunks of 32768).',
  access: 'user',
  payload: z.object({ CompressedPosts: z.array(Text(32768)).min(1).max(4096) }),
  result: z.array(
    z.object({
      Path: z.string(),
      PostID: z.string().nullable(),
      Status: z.enum(['applied', 'failed', 'skipped']),
      Envelope: z.unknown().nullable(),
    }),
  ),
});

export const QueuedPostItem = z.object({
  Path: Text(200).min(1),
  Body: z.record(z.string(), z.unknown()),
});
export type QueuedPostItem = z.infer<typeof QueuedPostItem>;
