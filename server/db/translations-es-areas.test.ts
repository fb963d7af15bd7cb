import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles, translatedTexts } from './translation-texts';
import { spanishTextMaps, spanishTranslations } from './translations-es';

const areas = 'src/areas';

describe('the Spanish of every screen under src/areas', () => {
  // The document kit's screens (src/kit) are screens too.
  const files = [...sourceFiles(areas), ...sourceFiles('src/kit')];

  it('reads the screens’ texts: every area has some, the plan screen its text tables too', () => {
    const areaNames = readdirSync(join(repoRoot, areas), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    for (const area of areaNames) {
      const texts = files.filter((f) => f.startsWith(`${areas}/${area}/`)).flatMap(translatedTexts);
      expect(texts.length, area).toBeGreaterThan(0);
    }
    // Nested folders are read (production-plan/plan, scheduling/plant …) and tests are left out.
    expect(files).toContain(`${areas}/production-plan/plan/OperationRow.tsx`);
    expect(files).toContain(`${areas}/scheduling/shared/schedules.ts`);
    expect(files.some((f) => /\.test\.tsx?$/.test(f))).toBe(false);
    expect(translatedTexts(`${areas}/production-plan/plan/ProductionPlanPage.tsx`).length).toBeGreaterThan(
      30,
    );
    // OperationRow's FLAG_LABELS and SOURCE_LABELS tables are read as well as its t('…') calls.
    expect(translatedTexts(`${areas}/production-plan/plan/OperationRow.tsx`).length).toBeGreaterThan(30);
  });

  it('every text a screen passes to t() or <Trans text> has its Spanish (file → missing texts)', () => {
    const missing: Record<string, string[]> = {};
    for (const file of files) {
      const texts = [...new Set(translatedTexts(file))].filter((t) => !Object.hasOwn(spanishTranslations, t));
      if (texts.length > 0) missing[file] = texts;
    }
    expect(missing).toEqual({});
  });

  it('each text is in one map only (translations-es.ts and the files it spreads)', () => {
    const owners = new Map<string, string[]>();
    for (const [file, texts] of Object.entries(spanishTextMaps)) {
      for (const english of Object.keys(texts)) owners.set(english, [...(owners.get(english) ?? []), file]);
    }
    const repeated = Object.fromEntries([...owners].filter(([, maps]) => maps.length > 1));
    expect(repeated).toEqual({});
    // Nothing reaches the merged map but through spanishTextMaps.
    expect(Object.keys(spanishTranslations).length).toBe(owners.size);
  });
});
