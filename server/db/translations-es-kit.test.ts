import { describe, expect, it } from 'vitest';
import { choiceLabel } from '../../domain/kit/document';
import { documentTypes } from '../../domain/kit/documents';
import { spanishTranslations } from './translations-es';

describe('the Spanish of every kit declaration', () => {
  it('has each noun, field label and choice the screens pass to t() as a variable', () => {
    const missing: string[] = [];
    for (const d of documentTypes) {
      const texts = [
        d.noun,
        d.nounPlural,
        ...Object.values(d.fields).flatMap((f) => [
          f.label,
          ...(f.choices ?? []).map((c) => choiceLabel(f, c)),
        ]),
      ];
      for (const text of texts)
        if (!Object.hasOwn(spanishTranslations, text)) missing.push(`${d.type}: ${text}`);
    }
    expect(missing).toEqual([]);
  });
});
