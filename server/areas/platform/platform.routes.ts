import { randomUUID } from 'node:crypto';
import {
  GetAllEmployeeNamesFirstLast,
  GetAvatars,
  GetEmployeeAvatar,
  GetEmployeePhoto,
  UpdateEmployee,
} from '../../../domain/platform/employees';
import { DownloadFile, UploadFiles } from '../../../domain/platform/files';
import {
  GetDefaultTranslations,
  GetPlants,
  RecordPageView,
  ReportClientError,
  SOPLinksForRoute,
  Translate,
  VideoLinksForRoute,
} from '../../../domain/platform/reference';
import { GetSession, Login, Logout } from '../../../domain/platform/session';
import {
  DeleteTranslation,
  GetTranslations,
  ReportMissingTranslations,
  SaveTranslation,
} from '../../../domain/platform/translations';
import type { Backplane } from '../../feed/backplane';
import { CallError, forbidden, invalid, notFound } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';
import { findEmployee } from './employees.repository';
import { registerEmployeeSearch } from './employees.search';
import * as employees from './employees.service';
import { downloadRefusal } from './files.policy';
import { fileBytes, findFileRecord, insertFile, storedBytesOf } from './files.repository';
import { registerHelpCalls } from './help.routes';
import { LoginLimiter } from './login-limiter';
import * as reference from './reference.repository';
import { type SessionService, userRecord } from './session.service';
import * as translations from './translations.service';

/** Runtime error reports kept per reporter a minute; the client sends at most 10 (src/areas/platform/errors). */
export const REPORTS_PER_MINUTE = 30;

/** Registers the platform calls of spec 000 §7.2 and the ones brief §6 adds. Thin: rules live in the services. */
export function registerPlatformCalls(
  registry: CallRegistry,
  sessions: SessionService,
  backplane: Pick<Backplane, 'publish'>,
  options: { uploadQuotaBytes: number } = { uploadQuotaBytes: Number.POSITIVE_INFINITY },
): void {
  // Employees in global search (server/kit/search.ts).
  registerEmployeeSearch();
  // Counts reports (not failures): the login limiter's sliding window serves as a plain rate cap.
  const reportLimiter = new LoginLimiter(REPORTS_PER_MINUTE, 60_000);
  registry.handle(Login, ({ db, payload, request }) =>
    sessions.login(db, {
      userName: payload.UserName,
      password: payload.Password,
      ip: request.ip,
      userAgent: request.userAgent,
    }),
  );
  registry.handle(Logout, async ({ db, user, afterCommit }) => {
    await sessions.logout(db, user!);
    // The hub closes this session's connections (brief §4.4), on whichever process holds them.
    afterCommit(() => backplane.publish({ kind: 'closeSession', sessionId: user!.sessionId }));
    return null;
  });
  registry.handle(GetSession, async ({ db, user, request }) => {
    const row = await findEmployee(db, user!.employeeId);
    // The token is the caller's own; echoing it keeps the record the same shape as web/Login's.
    return userRecord(db, row!, String(request.token ?? ''));
  });

  registry.handle(GetEmployeePhoto, ({ db, payload }) => employees.photo(db, payload.photo));
  registry.handle(GetAvatars, ({ db }) => employees.avatars(db));
  registry.handle(GetEmployeeAvatar, ({ db, payload }) => employees.avatar(db, payload.EmployeeID));
  registry.handle(GetAllEmployeeNamesFirstLast, ({ db }) => employees.namesFirstLast(db));
  registry.handle(UpdateEmployee, ({ db, user, payload, publish, afterCommit }) =>
    employees.updateEmployee(db, user!, payload, {
      publish,
      closeEmployee: (employeeId) =>
        afterCommit(() => backplane.publish({ kind: 'closeEmployee', employeeId })),
      accessChanged: (access) => afterCommit(() => backplane.publish({ kind: 'accessChanged', ...access })),
    }),
  );

  registry.handle(GetPlants, async ({ db }) =>
    (await reference.listPlants(db)).map((p) => ({
      PlantID: p.plant_id,
      PlantName: p.plant_name,
      ShortName: p.short_name,
      Country: p.country,
      Subcontractor: p.subcontractor,
      TimeZone: p.time_zone,
    })),
  );
  registry.handle(Translate, async ({ db, payload }) => {
    if (payload.language === 'en') return payload.English;
    const found = await reference.findTranslation(db, payload.language, payload.English);
    if (found) return found;
    if (found === undefined) await reference.recordMissingTranslation(db, payload.language, payload.English);
    return payload.English;
  });
  registry.handle(GetDefaultTranslations, async ({ db, payload }) =>
    Object.fromEntries(
      (await reference.listTranslations(db, payload.language)).map((t) => [t.english, t.translated]),
    ),
  );
  const missingBudget = new translations.MissingBudget();
  registry.handle(ReportMissingTranslations, ({ db, user, payload }) =>
    translations.reportMissing(db, user!, payload.Language, payload.Texts, missingBudget),
  );
  registry.handle(GetTranslations, ({ db, payload }) => translations.listTranslations(db, payload));
  registry.handle(SaveTranslation, ({ db, user, payload, publish }) =>
    translations.saveTranslation(db, user!, payload, publish),
  );
  registry.handle(DeleteTranslation, ({ db, payload, publish }) =>
    translations.deleteTranslation(db, payload, publish),
  );
  const links =
    (kind: 'video' | 'sop') =>
    async ({
      db,
      payload,
    }: {
      db: Parameters<typeof reference.listHelpLinks>[0];
      payload: { RouteName: string };
    }) =>
      (await reference.listHelpLinks(db, payload.RouteName, kind)).map((l) => ({
        HelpLinkID: l.help_link_id,
        Title: l.title,
        URL: l.url,
      }));
  registry.handle(VideoLinksForRoute, links('video'));
  registry.handle(SOPLinksForRoute, links('sop'));
  registry.handle(RecordPageView, async ({ db, user, payload }) => {
    await reference.insertPageView(db, user!.employeeId, payload.RouteName, payload.Path);
    return null;
  });
  registry.handle(ReportClientError, async ({ db, user, payload, request }) => {
    // A logged-in reporter is identified by its session, not by what the report claims.
    const employeeId = user?.employeeId ?? payload.EmployeeID;
    // The call is public: however many different errors one reporter sends, keep at most
    // REPORTS_PER_MINUTE a minute per session (or per address when anonymous); the rest answer Silent.
    const reporter = user ? `session:${user.sessionId}` : 'anonymous';
    if (reportLimiter.retryAfterSeconds(reporter, request.ip) > 0) {
      throw new CallError('Too many errors reported in the last minute; this one was not kept.', 'silent');
    }
    // A screen stuck in a render loop reports the same error many times a second: keep one a minute,
    // and answer the rest Silent (rejected, nothing shown to the user).
    if (await reference.recentClientError(db, { employeeId, message: payload.Message, url: payload.URL })) {
      throw new CallError('This error was already reported in the last minute.', 'silent');
    }
    reportLimiter.fail(reporter, request.ip);
    await reference.insertClientError(db, {
      employeeId,
      name: user?.name ?? payload.Name,
      plantId: user?.plantId ?? payload.PlantID,
      browser: payload.Browser,
      message: payload.Message,
      stack: payload.Stack,
      url: payload.URL,
      verified: user !== null,
    });
    return null;
  });

  registerHelpCalls(registry);

  registry.handle(UploadFiles, async ({ db, user, files }) => {
    if (!files.length) throw invalid('Choose at least one file to upload (multipart field "files").');
    // The stream stopped at the quota already (rpc uploadAllowance); checked again here, in the
    // transaction, because two uploads of one employee may have streamed at the same time.
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if ((await storedBytesOf(db, user!.employeeId)) + total > options.uploadQuotaBytes) {
      throw new CallError(
        'This upload would go over your storage quota. Delete files you no longer need, or ask an administrator. Nothing was stored.',
        'error',
        413,
      );
    }
    const stored = [];
    // One file in memory at a time.
    for (const file of files) {
      const row = await insertFile(db, {
        fileId: randomUUID(),
        fileName: file.fileName.slice(0, 255),
        contentType: file.contentType.slice(0, 255),
        bytes: await file.read(),
        sha256: file.sha256,
        uploadedBy: user!.employeeId,
        // Not attached to anything yet: the uploader's (files.policy.ts).
        ownerKind: 'upload',
        ownerId: String(user!.employeeId),
      });
      stored.push({
        FileID: row.file_id,
        FileName: row.file_name,
        ContentType: row.content_type,
        Size: row.size,
        UploadedBy: row.uploaded_by,
        UploadedAt: new Date(row.uploaded_at).toISOString(),
      });
    }
    return stored;
  });
  registry.handle(DownloadFile, async ({ db, user, payload }) => {
    const file = await findFileRecord(db, payload.FileID);
    if (!file) throw notFound('That file does not exist or was deleted.');
    const refusal = downloadRefusal(user!, file);
    if (refusal) throw forbidden(refusal);
    const bytes = await fileBytes(db, file.file_id);
    if (!bytes) throw notFound('That file does not exist or was deleted.');
    return { bytes, fileName: file.file_name, contentType: file.content_type };
  });
}
