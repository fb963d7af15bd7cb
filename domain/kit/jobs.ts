import { z } from 'zod';
import { defineCall } from '../contract/call';
import { Count, Id, Text } from '../contract/fields';
import type { PermissionFlag } from '../platform/permissions';

/**
 * The job queue and the mail outbox as /hangfire shows them (issue 16 item 8; spec 000 §2.1 names the
 * route, the legacy job dashboard). Administrators only: the flags of the route table's admin screens.
 */
export const jobAdminFlags: readonly PermissionFlag[] = [
  'superAdministrator',
  'mesAdministrator',
  'informationTechnology',
];

/** Every job change (collection `jobs`, id JobID) and outbox change (collection `mail`, id MailID). */
export const JOBS_TOPIC = 'jobs';
export const JOBS_COLLECTION = 'jobs';
export const MAIL_COLLECTION = 'mail';

export const jobStatusNames = ['queued', 'running', 'failed', 'dead', 'finished'] as const;
export type JobStatusName = (typeof jobStatusNames)[number];

const JobSummarySchema = z.object({
  JobID: z.number(),
  Kind: z.string(),
  Status: z.enum(jobStatusNames),
  Attempts: z.number(),
  MaxAttempts: z.number(),
  RunAt: z.string(),
  Progress: z.number().nullable(),
  ProgressText: z.string().nullable(),
  LastError: z.string().nullable(),
  CreatedAt: z.string(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

const JobDetailSchema = JobSummarySchema.extend({
  Payload: z.unknown(),
  Result: z.unknown(),
  Errors: z.array(z.object({ At: z.string(), Attempt: z.number(), Error: z.string() })),
  UniqueKey: z.string().nullable(),
  LockedBy: z.string().nullable(),
  LockedUntil: z.string().nullable(),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;

const MailSummarySchema = z.object({
  MailID: z.number(),
  To: z.array(z.string()),
  Subject: z.string(),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
  LastError: z.string().nullable(),
  Attachments: z.array(z.object({ FileName: z.string(), ContentType: z.string(), FileID: z.string() })),
});
export type MailSummary = z.infer<typeof MailSummarySchema>;

const access = { anyOf: jobAdminFlags };

export const GetJobs = defineCall({
  method: 'GET',
  path: 'web/GetJobs',
  summary: 'Background jobs (/hangfire): counts per status and one page of jobs, newest change first.',
  access,
  payload: z.object({
    Status: z.enum(jobStatusNames).optional(),
    Kind: Text(60).optional(),
    Skip: Count(1_000_000).optional(),
    Take: z.number().int().min(1).max(500).optional(),
  }),
  result: z.object({
    Counts: z.record(z.enum(jobStatusNames), z.number()),
    Rows: z.array(JobSummarySchema),
    Total: z.number(),
  }),
});

export const GetJob = defineCall({
  method: 'GET',
  path: 'web/GetJob',
  summary: "One background job: kind, payload, attempts, every attempt's error, progress, result, times.",
  access,
  payload: z.object({ JobID: Id }),
  result: z.object({ Job: JobDetailSchema }),
});

export const RetryJob = defineCall({
  method: 'POST',
  path: 'web/RetryJob',
  summary: 'Run a failed or dead background job again now, its attempts counted afresh.',
  access,
  payload: z.object({ JobID: Id }),
  result: z.object({ Job: JobSummarySchema }),
});

export const GetMailOutbox = defineCall({
  method: 'GET',
  path: 'web/GetMailOutbox',
  summary:
    'The mail outbox: every message the product queued, sent or not, with the last error, newest first.',
  access,
  payload: z.object({
    Unsent: z.boolean().optional(),
    Skip: Count(1_000_000).optional(),
    Take: z.number().int().min(1).max(500).optional(),
  }),
  result: z.object({
    Rows: z.array(MailSummarySchema),
    Total: z.number(),
    /** False: no SMTP_URL, so nothing is sent and messages stay here. */
    Sending: z.boolean(),
  }),
});

export const GetMail = defineCall({
  method: 'GET',
  path: 'web/GetMail',
  summary: 'One message of the mail outbox with its text.',
  access,
  payload: z.object({ MailID: Id }),
  result: z.object({ Mail: MailSummarySchema.extend({ Text: z.string(), Html: z.string().nullable() }) }),
});
