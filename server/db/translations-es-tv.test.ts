import { describe, expect, it } from 'vitest';
import { PARAM_LABELS, TV_PARAM_TEXTS } from '../../src/areas/tv/choices';
import { spanishTranslations } from './translations-es';

describe('the Spanish of /tv/start', () => {
  // The screen passes these to t() as variables, which the extractor of translations-es-areas.test.ts does not see.
  it('has every text the parameter checks answer and every parameter label', () => {
    const texts = [...TV_PARAM_TEXTS, ...Object.values(PARAM_LABELS)];
    expect(texts.filter((t) => !spanishTranslations[t])).toEqual([]);
  });
});
