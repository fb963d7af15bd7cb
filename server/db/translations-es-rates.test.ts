import { describe, expect, it } from 'vitest';
import { rateImportColumns } from '../../domain/production-plan/rate-import';
import { spanishTranslations } from './translations-es';

describe('the Spanish of /rateimport', () => {
  it('has every workbook column the preview names beside a change or an error', () => {
    expect(rateImportColumns.map((c) => c.header).filter((h) => !spanishTranslations[h])).toEqual([]);
  });
});
