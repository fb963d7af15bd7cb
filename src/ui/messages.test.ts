import { describe, expect, it, vi } from 'vitest';
import { COPY_TO_CLIPBOARD_MESSAGE, copyToClipboard, downloadedMessage, toTabSeparated } from './messages';

describe('messages (spec 000 §8)', () => {
  it('names the downloaded file', () => {
    expect(downloadedMessage('report.pdf')).toBe('File "report.pdf" downloaded successfully!');
  });
  it('has the exact copy text', () => {
    expect(COPY_TO_CLIPBOARD_MESSAGE).toBe(
      'Data copied to clipboard. Please open Excel and push ctrl + v to paste. Note that the formatting may not copy perfectly :(',
    );
  });
});

describe('toTabSeparated', () => {
  it('joins array rows with tabs and lines', () => {
    expect(
      toTabSeparated([
        ['Part', 'Qty'],
        ['B-12', 4],
      ]),
    ).toBe('Part\tQty\nB-12\t4');
  });
  it('gives object rows a header of the first row keys', () => {
    expect(
      toTabSeparated([
        { Part: 'B-12', Qty: 4 },
        { Part: 'C-1', Qty: null },
      ]),
    ).toBe('Part\tQty\nB-12\t4\nC-1\t');
  });
  it('keeps tabs and line breaks inside a cell from splitting it', () => {
    expect(toTabSeparated([['a\tb', 'c\r\nd']])).toBe('a b\tc d');
  });
  it('is empty for no rows', () => {
    expect(toTabSeparated([])).toBe('');
  });
});

describe('copyToClipboard', () => {
  it('writes tab-separated text, notifies and answers the message', async () => {
    const writeText = vi.fn(async (_: string) => {});
    const notify = vi.fn();
    const message = await copyToClipboard([['a', 1]], { clipboard: { writeText }, notify });
    expect(writeText).toHaveBeenCalledWith('a\t1');
    expect(notify).toHaveBeenCalledWith(COPY_TO_CLIPBOARD_MESSAGE);
    expect(message).toBe(COPY_TO_CLIPBOARD_MESSAGE);
  });
  it('rejects without notifying when the browser refuses', async () => {
    const notify = vi.fn();
    const writeText = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    await expect(copyToClipboard([['a']], { clipboard: { writeText }, notify })).rejects.toThrow(
      'NotAllowedError',
    );
    expect(notify).not.toHaveBeenCalled();
  });
});
