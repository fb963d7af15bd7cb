import { describe, expect, it } from 'vitest';
import { readingProblem } from '../../domain/painting/rules';
import { spanishTranslations } from './translations-es';

describe('the Spanish of the painting screen', () => {
  // The screen passes the reading checks to t() as variables, which the extractor does not see.
  it('has every sentence the reading checks answer', () => {
    const texts = [
      'Choose the paint.',
      readingProblem({ Seconds: 0, TemperatureF: 70 }),
      readingProblem({ Seconds: 20, TemperatureF: 0 }),
    ];
    expect(texts.filter((t) => !t || !spanishTranslations[t])).toEqual([]);
  });
});
