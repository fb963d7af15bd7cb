/**
 * File icons by extension (spec 000 §2.4): pdf, doc/docx, xls/xlsx, ppt/pptx, txt, dwf, dwg, msg and
 * images, with a generic icon for anything else. Case-insensitive.
 */

export type FileIconKind =
  | 'pdf'
  | 'word'
  | 'excel'
  | 'powerpoint'
  | 'text'
  | 'dwf'
  | 'dwg'
  | 'msg'
  | 'image'
  | 'file';

const BY_EXTENSION: Readonly<Record<string, FileIconKind>> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  txt: 'text',
  dwf: 'dwf',
  dwg: 'dwg',
  msg: 'msg',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
  svg: 'image',
  tif: 'image',
  tiff: 'image',
};

/** The short label and colour each icon draws (colours are the file types' familiar ones). */
export const FILE_ICON_STYLE: Readonly<Record<FileIconKind, { label: string; color: string; name: string }>> =
  {
    pdf: { label: 'PDF', color: '#d92d20', name: 'PDF document' },
    word: { label: 'DOC', color: '#1d4ed8', name: 'Word document' },
    excel: { label: 'XLS', color: '#067647', name: 'Excel workbook' },
    powerpoint: { label: 'PPT', color: '#c4320a', name: 'PowerPoint presentation' },
    text: { label: 'TXT', color: '#5b6b7c', name: 'Text file' },
    dwf: { label: 'DWF', color: '#6941c6', name: 'DWF drawing' },
    dwg: { label: 'DWG', color: '#7a2e0e', name: 'DWG drawing' },
    msg: { label: 'MSG', color: '#175cd3', name: 'Outlook message' },
    image: { label: 'IMG', color: '#0e9384', name: 'Image' },
    file: { label: 'FILE', color: '#13314f', name: 'File' },
  };

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Accepts a file name ('Plan.PDF') or a bare extension ('pdf', '.pdf'). */
export function fileIconKind(fileNameOrExtension: string): FileIconKind {
  const text = fileNameOrExtension.trim();
  const ext = text.includes('.') ? extensionOf(text.startsWith('.') ? `x${text}` : text) : text.toLowerCase();
  return BY_EXTENSION[ext] ?? 'file';
}
