import { describe, expect, it } from 'vitest';
import { extensionOf, fileIconKind } from './file-icons';

describe('fileIconKind (spec 000 §2.4)', () => {
  it('maps every listed extension', () => {
    const cases: [string, string][] = [
      ['a.pdf', 'pdf'],
      ['a.doc', 'word'],
      ['a.docx', 'word'],
      ['a.xls', 'excel'],
      ['a.xlsx', 'excel'],
      ['a.ppt', 'powerpoint'],
      ['a.pptx', 'powerpoint'],
      ['a.txt', 'text'],
      ['a.dwf', 'dwf'],
      ['a.dwg', 'dwg'],
      ['a.msg', 'msg'],
    ];
    for (const [name, kind] of cases) expect(fileIconKind(name), name).toBe(kind);
    for (const ext of ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'tif', 'tiff']) {
      expect(fileIconKind(`photo.${ext}`), ext).toBe('image');
    }
  });
  it('is case-insensitive and accepts bare extensions', () => {
    expect(fileIconKind('Shop Drawing.DWG')).toBe('dwg');
    expect(fileIconKind('PDF')).toBe('pdf');
    expect(fileIconKind('.Xlsx')).toBe('excel');
  });
  it('falls back to the generic icon', () => {
    expect(fileIconKind('archive.zip')).toBe('file');
    expect(fileIconKind('README')).toBe('file');
    expect(fileIconKind('')).toBe('file');
    expect(fileIconKind('pdf.zip')).toBe('file');
  });
  it('takes the last extension of the base name only', () => {
    expect(extensionOf('C:\\jobs\\v1.2\\plan.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('dir.v2/notes')).toBe('');
  });
});
