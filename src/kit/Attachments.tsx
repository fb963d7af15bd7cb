import { useCallback, useEffect, useRef, useState } from 'react';
import { type DocumentDecl, documentTopic } from '../../domain/kit/document';
import {
  ATTACHMENT_MAX_BYTES,
  AttachDocumentFiles,
  DeleteDocumentFile,
  type DocumentFile,
  DownloadDocumentFile,
  FILE_COLLECTION,
  GetDocumentFiles,
} from '../../domain/kit/record';
import { formatDateTime } from '../../domain/platform/dates';
import { useServices } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';

/** What the record panel can show inside itself; anything else is downloaded. */
export function previewKind(contentType: string): 'image' | 'pdf' | null {
  const type = contentType.toLowerCase();
  if (/^image\/(png|jpeg|gif|webp|bmp)$/.test(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

/** "1.5 MB", "820 KB", "12 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The files over the attachment limit, refused before anything is sent. */
export function tooLarge(files: readonly { name: string; size: number }[]): string[] {
  return files.filter((f) => f.size > ATTACHMENT_MAX_BYTES).map((f) => f.name);
}

/**
 * The files attached to a record: add (upload, then attach), preview images and PDFs here, download,
 * remove (soft). Live: files added or removed by anyone arrive through the type's topic.
 */
export function Attachments(props: {
  decl: DocumentDecl;
  id: number;
  plantId: number | null;
  canChange: boolean;
}) {
  const { decl, id, plantId } = props;
  const t = useT();
  const { backgroundApi, api, alerts } = useServices();
  const [files, setFiles] = useState<DocumentFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ file: DocumentFile; url: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const read = useCallback(() => {
    backgroundApi
      .get(GetDocumentFiles, { Type: decl.type, ID: id })
      .then(setFiles, () => setFiles((f) => f ?? []));
  }, [backgroundApi, decl.type, id]);
  useEffect(read, [read]);
  const prefix = `${decl.type}:${id}:`;
  useTopic(
    decl.plantField && plantId === null ? null : documentTopic(decl, plantId),
    (items) => {
      if (items.some((i) => i.collection === FILE_COLLECTION && i.id.startsWith(prefix))) read();
    },
    read,
  );
  // A preview's object URL is let go when it closes or the panel does.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const add = async (chosen: File[]) => {
    setError(null);
    const over = tooLarge(chosen);
    if (over.length) {
      setError(
        t('{{names}}: a file attached to a record may be at most {{mb}} MB. Nothing was attached.', {
          names: over.join(', '),
          mb: ATTACHMENT_MAX_BYTES / 1024 / 1024,
        }),
      );
      return;
    }
    setBusy(true);
    try {
      const stored = await api.upload(chosen);
      await api.post(
        AttachDocumentFiles,
        { Type: decl.type, ID: id, FileIDs: stored.map((s) => s.FileID) },
        { inline: true },
      );
      read();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const fetchBlob = (file: DocumentFile, quiet: boolean) =>
    api.download(file.FileID, { call: DownloadDocumentFile, quiet });

  const show = async (file: DocumentFile) => {
    const { blob } = await fetchBlob(file, true);
    setPreview({ file, url: URL.createObjectURL(blob) });
  };
  const save = async (file: DocumentFile) => {
    const { blob, fileName } = await fetchBlob(file, false);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const remove = async (file: DocumentFile) => {
    if (!(await alerts.question(t('Remove {{name}} from this record?', { name: file.FileName })))) return;
    await api.post(DeleteDocumentFile, { FileID: file.FileID });
    if (preview?.file.FileID === file.FileID) setPreview(null);
    read();
  };

  return (
    <section className="kit-files" aria-label={t('Files')}>
      <div className="row spread">
        <h3>{t('Files')}</h3>
        {props.canChange && (
          <label className="button">
            {busy ? t('Uploading…') : t('Attach files')}
            <input
              ref={input}
              type="file"
              multiple
              className="visually-hidden"
              disabled={busy}
              onChange={(e) => void add([...(e.target.files ?? [])])}
            />
          </label>
        )}
      </div>
      {error && (
        <p className="kit-error" role="alert">
          {error}
        </p>
      )}
      {files === null ? (
        <p className="muted">{t('Loading…')}</p>
      ) : files.length === 0 ? (
        <p className="muted">{t('No files attached.')}</p>
      ) : (
        <ul className="kit-file-list">
          {files.map((f) => (
            <li key={f.FileID}>
              <span className="kit-file-name">{f.FileName}</span>{' '}
              <span className="muted">
                {sizeText(f.Size)} · {f.AttachedBy ?? t('System')} · {formatDateTime(f.AttachedAt, plantId)}
              </span>
              <span className="row">
                {previewKind(f.ContentType) && (
                  <button type="button" className="link" onClick={() => void show(f)}>
                    {t('Preview')}
                  </button>
                )}
                <button type="button" className="link" onClick={() => void save(f)}>
                  {t('Download')}
                </button>
                {props.canChange && (
                  <button type="button" className="link" onClick={() => void remove(f)}>
                    {t('Remove')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <figure className="kit-preview">
          {previewKind(preview.file.ContentType) === 'image' ? (
            <img src={preview.url} alt={preview.file.FileName} />
          ) : (
            <iframe src={preview.url} title={preview.file.FileName} />
          )}
          <figcaption className="row spread">
            {preview.file.FileName}
            <button type="button" onClick={() => setPreview(null)}>
              {t('Close preview')}
            </button>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
