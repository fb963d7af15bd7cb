import { describe, expect, it } from 'vitest';
import { safeContentType } from './rpc.plugin';

describe('safeContentType', () => {
  it('sends what a browser would run as page or script as plain bytes', () => {
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'application/xml',
      'text/xml',
      'image/svg+xml',
      'application/javascript',
      'text/css',
      'multipart/form-data',
      'not a type',
    ])
      expect(safeContentType(type), type).toBe('application/octet-stream');
  });

  it('keeps the type of files a browser shows or downloads: images, PDF, text, Office workbooks', () => {
    for (const type of [
      'image/png',
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ])
      expect(safeContentType(type), type).toBe(type);
  });
});
