import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanishTranslations } from './translations-es';
import { spanishPlanTexts } from './translations-es-plan';

const root = new URL('../..', import.meta.url).pathname;
const folder = 'src/areas/production-plan/plan';

/** Every English text a file passes to t('…'), and the labels of its text tables (FLAG_LABELS ...). */
function textsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const texts: string[] = [];
  for (const m of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) texts.push(m[1]!.replace(/\\'/g, "'"));
  for (const table of source.matchAll(/_LABELS[^=]*=\s*\{([^}]*)\}/g)) {
    for (const m of table[1]!.matchAll(/:\s*'([^']+)'/g)) texts.push(m[1]!);
  }
  return texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the plan screen’s Spanish', () => {
  const files = readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => `${folder}/${f}`);

  it('reads the screen’s texts', () => {
    expect(textsOf(`${folder}/ProductionPlanPage.tsx`).length).toBeGreaterThan(30);
    expect(textsOf(`${folder}/OperationRow.tsx`).length).toBeGreaterThan(30);
  });

  it.each(files)('%s: every text it translates has its Spanish', (file) => {
    expect(textsOf(file).filter((t) => !Object.hasOwn(spanishTranslations, t))).toEqual([]);
  });

  it('keeps every placeholder', () => {
    for (const [english, spanish] of Object.entries(spanishPlanTexts)) {
      expect(placeholders(spanish), english).toEqual(placeholders(english));
    }
  });
});
