/**
 * Spec 000 §8 messages of downloads and copying, and the copy-to-clipboard helper. The texts are the
 * spec's exact wording, kept here so a translation can wrap them later.
 */

/** §8: the success toast after a download. */
export function downloadedMessage(name: string): string {
  return `File "${name}" downloaded successfully!`;
}

/** §8: shown after table data was copied for Excel. */
export const COPY_TO_CLIPBOARD_MESSAGE =
  'Data copied to clipboard. Please open Excel and push ctrl + v to paste. Note that the formatting may not copy perfectly :(';

export type ClipboardRow = readonly unknown[] | Readonly<Record<string, unknown>>;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A tab or line break inside a cell would split it into extra Excel cells or rows.
  return text.replace(/[\t\r\n]+/g, ' ');
}

/**
 * Rows as tab-separated lines, the format Excel pastes into cells. Array rows are taken as they are;
 * object rows get a header line of the first row's keys, and every row is read by those keys.
 */
export function toTabSeparated(rows: readonly ClipboardRow[]): string {
  const first = rows[0];
  if (first === undefined) return '';
  if (Array.isArray(first)) {
    return rows.map((row) => (row as readonly unknown[]).map(cellText).join('\t')).join('\n');
  }
  const keys = Object.keys(first);
  const lines = [keys.map(cellText).join('\t')];
  for (const row of rows) {
    const record = row as Readonly<Record<string, unknown>>;
    lines.push(keys.map((k) => cellText(record[k])).join('\t'));
  }
  return lines.join('\n');
}

export interface CopyOptions {
  /** Default: navigator.clipboard. */
  clipboard?: Pick<Clipboard, 'writeText'>;
  /** Shows the message (a toast in the app); called only when the copy succeeded. */
  notify?: (message: string) => void;
}

/**
 * Writes the rows to the clipboard as tab-separated text, then shows and answers the §8 message.
 * Rejects when the browser refuses (no permission, not a secure page), so the caller can say so.
 */
export async function copyToClipboard(
  rows: readonly ClipboardRow[],
  opts: CopyOptions = {},
): Promise<string> {
  const clipboard = opts.clipboard ?? globalThis.navigator?.clipboard;
  if (!clipboard) throw new Error('The clipboard is not available in this browser');
  await clipboard.writeText(toTabSeparated(rows));
  opts.notify?.(COPY_TO_CLIPBOARD_MESSAGE);
  return COPY_TO_CLIPBOARD_MESSAGE;
}
