import type { DocumentDecl } from '../../domain/kit/document';
import type { DocumentRepository } from './document.repository';

/**
 * The document types this server serves, by `type`: the generic record calls (comments, files, who has
 * it open: record.routes.ts) find a type's declaration and table here. registerDocument fills it.
 */
export const registeredDocuments = new Map<string, { decl: DocumentDecl; repo: DocumentRepository }>();
