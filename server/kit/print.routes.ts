import { createHash, randomUUID } from 'node:crypto';
import { type DocumentDecl, passes } from '../../domain/kit/document';
import { MailDocument, PrintDocument } from '../../domain/kit/print';
import { insertFile } from '../areas/platform/files.repository';
import type { Sql } from '../db/database';
import { forbidden, invalid } from '../rpc/errors';
import type { PlantRule } from '../rpc/plant-scope';
import type { AuthUser, CallRegistry } from '../rpc/registry';
import { type DocumentRepository, documentHistory } from './document.repository';
import { mailSending, queueMail } from './mail';
import { type PrintTemplate, printRecord, printTitle } from './print';

interface Printable {
  decl: DocumentDecl;
  repo: DocumentRepository;
  template?: PrintTemplate;
}

/** The kit document types each registry serves (registerDocument adds each), by type name. */
const printables = new WeakMap<CallRegistry, Map<string, Printable>>();

export function rememberPrintable(registry: CallRegistry, printable: Printable): void {
  const types = printables.get(registry) ?? new Map<string, Printable>();
  printables.set(registry, types);
  types.set(printable.decl.type, printable);
}

/** The longest history a PDF carries: the newest changes (a record changed daily for years still prints). */
const HISTORY_MAX = 2000;

/**
 * web/PrintDocument and web/MailDocument: any kit record as a PDF, to whoever may read it (the type's
 * read access and, through the pipeline, its plant rule); mailing queues the PDF with the message in
 * the caller's transaction.
 */
export function registerPrintCalls(registry: CallRegistry): void {
  const typeOf = (type: unknown) => {
    const found = printables.get(registry)?.get(String(type));
    if (!found) {
      const known = [...(printables.get(registry)?.keys() ?? [])].join(', ');
      throw invalid(`Type: there is no document type '${String(type).slice(0, 40)}' (known: ${known})`);
    }
    return found;
  };
  const byRecord: PlantRule = {
    by: "the record's plant (its type's plant field)",
    plants: async (db, p) => {
      const found = printables.get(registry)?.get(String(p.Type));
      return found ? [await found.repo.plantOf(db, Number(p.ID))] : [];
    },
  };

  const pdfOf = async (db: Sql, user: AuthUser, type: unknown, id: number) => {
    const { decl, repo, template } = typeOf(type);
    if (!passes(decl.access.read, user.flags))
      throw forbidden(`You do not have permission to read ${decl.nounPlural}.`);
    const record = await repo.get(db, id);
    if (!record) throw invalid(`ID: there is no ${decl.noun} ${id}`);
    const history = await documentHistory.list(db, decl.type, id, 0, HISTORY_MAX);
    const zone = decl.plantField ? Number(record[decl.plantField]) : user.plantId;
    const bytes = await printRecord(
      { decl, record, history: history.Rows, zone, printedBy: user.name, printedAt: new Date() },
      template,
    );
    return { decl, record, bytes, fileName: `${decl.type}-${id}.pdf`, title: printTitle(decl, record) };
  };

  registry.handle(
    PrintDocument,
    async ({ db, user, payload }) => {
      const pdf = await pdfOf(db, user!, payload.Type, payload.ID);
      return { bytes: pdf.bytes, fileName: pdf.fileName, contentType: 'application/pdf' };
    },
    { plant: byRecord },
  );

  registry.handle(
    MailDocument,
    async ({ db, user, payload }) => {
      const pdf = await pdfOf(db, user!, payload.Type, payload.ID);
      const fileId = randomUUID();
      await insertFile(db, {
        fileId,
        fileName: pdf.fileName,
        contentType: 'application/pdf',
        bytes: pdf.bytes,
        sha256: createHash('sha256').update(pdf.bytes).digest('hex'),
        // Made by the server, not uploaded: it does not count against the sender's upload quota.
        uploadedBy: null,
        ownerKind: 'upload',
        ownerId: null,
      });
      const note = payload.Message?.trim();
      const mailId = await queueMail(db, {
        to: payload.To,
        subject: pdf.title,
        text: `${note ? `${note}\n\n` : ''}${user!.name} sent you ${pdf.title} (attached as a PDF).`,
        attachments: [{ filename: pdf.fileName, contentType: 'application/pdf', fileId }],
        source: { docType: pdf.decl.type, docId: payload.ID, reason: 'mailed from its record' },
        createdBy: user!.employeeId,
      });
      return { MailID: mailId, Sending: mailSending.enabled };
    },
    { plant: byRecord },
  );
}
