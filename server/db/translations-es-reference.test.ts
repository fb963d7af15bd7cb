import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanishTranslations } from './translations-es';

/** The English names a migration inserts into a lookup table (`INSERT INTO table (…) VALUES ('CODE', 'Name', n), …`). */
function seededNames(table: string): string[] {
  const sql = readFileSync(join(__dirname, 'migrations', '0012_shopfloor.sql'), 'utf8');
  const insert = new RegExp(`INSERT INTO ${table} \\([^)]*\\) VALUES([^;]*);`).exec(sql);
  expect(insert, `the insert into ${table}`).not.toBeNull();
  return [...insert![1]!.matchAll(/\('[^']*',\s*'([^']+)'/g)].map((m) => m[1]!);
}

describe('the Spanish of the reference data screens show by name', () => {
  // Issue 15: a Spanish operator read "Cleaning" on the tablet and the faceboard.
  it('has every indirect (labor) code name and downtime reason', () => {
    const names = [...seededNames('indirect_codes'), ...seededNames('downtime_reasons')];
    expect(names).toContain('Cleaning');
    expect(names).toContain('Waiting for material');
    expect(names.filter((n) => !spanishTranslations[n])).toEqual([]);
  });
});
