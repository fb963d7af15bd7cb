import { GetJob, GetJobs, GetMail, GetMailOutbox, RetryJob } from '../../domain/kit/jobs';
import { invalid } from '../rpc/errors';
import type { CallRegistry } from '../rpc/registry';
import { type JobWorker, jobChange, jobSummary } from './jobs';
import * as repo from './jobs.repository';
import { findMail, listMail, mailSending, mailSummary } from './mail';

const notPlantData = { none: 'the job queue and the outbox belong to the whole server' };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** /hangfire's calls: the jobs by status, one job, retry, and the mail outbox. */
export function registerJobCalls(registry: CallRegistry, _worker: JobWorker): void {
  registry.handle(
    GetJobs,
    async ({ db, payload }) => {
      const [counts, page] = await Promise.all([
        repo.countJobs(db),
        repo.listJobs(db, {
          status: payload.Status,
          kind: payload.Kind,
          skip: payload.Skip ?? 0,
          take: payload.Take ?? 100,
        }),
      ]);
      return { Counts: counts, Rows: page.rows.map(jobSummary), Total: page.total };
    },
    { plant: notPlantData },
  );

  registry.handle(
    GetJob,
    async ({ db, payload }) => {
      const row = await repo.jobById(db, payload.JobID);
      if (!row) throw invalid(`JobID: there is no job ${payload.JobID}`);
      return {
        Job: {
          ...jobSummary(row),
          Payload: row.payload,
          Result: row.result,
          Errors: row.errors ?? [],
          UniqueKey: row.unique_key,
          LockedBy: row.locked_by,
          LockedUntil: iso(row.locked_until),
        },
      };
    },
    { plant: notPlantData },
  );

  registry.handle(
    RetryJob,
    async (ctx) => {
      const id = ctx.payload.JobID;
      const before = await repo.jobById(ctx.db, id, true);
      if (!before) throw invalid(`JobID: there is no job ${id}`);
      const row = await repo.retryJob(ctx.db, id);
      if (!row) throw invalid(`JobID: job ${id} is ${before.status}; only a failed or dead job is retried`);
      ctx.publish(jobChange(row));
      return { Job: jobSummary(row) };
    },
    { plant: notPlantData },
  );

  registry.handle(
    GetMailOutbox,
    async ({ db, payload }) => {
      const page = await listMail(db, {
        unsent: payload.Unsent,
        skip: payload.Skip ?? 0,
        take: payload.Take ?? 100,
      });
      return { Rows: page.rows.map(mailSummary), Total: page.total, Sending: mailSending.enabled };
    },
    { plant: notPlantData },
  );

  registry.handle(
    GetMail,
    async ({ db, payload }) => {
      const row = await findMail(db, payload.MailID);
      if (!row) throw invalid(`MailID: there is no message ${payload.MailID}`);
      return { Mail: { ...mailSummary(row), Text: row.text_body, Html: row.html_body } };
    },
    { plant: notPlantData },
  );
}
