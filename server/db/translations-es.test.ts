import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interfaceLabels } from '../../domain/platform/interfaces';
import { spanishTranslations } from './translations-es';

const root = new URL('../..', import.meta.url).pathname;

/** Every English text a file passes to t('…') or <Trans text="…">, read from its source. */
function textsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const texts: string[] = [];
  for (const m of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) texts.push(m[1]!.replace(/\\'/g, "'"));
  for (const m of source.matchAll(/<Trans[^>]*\btext="([^"]+)"/g)) texts.push(m[1]!);
  return texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the shipped Spanish texts', () => {
  const screens = readdirSync(join(root, 'src/areas/platform'))
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => `src/areas/platform/${f}`);

  it.each(screens)('%s: every text it translates has its Spanish', (file) => {
    const texts = textsOf(file);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => !Object.hasOwn(spanishTranslations, t))).toEqual([]);
  });

  it('the interface names, the saving message and the request layer’s messages have their Spanish', () => {
    const shell = [
      ...Object.values(interfaceLabels),
      'This screen is saving. It will continue once complete.',
      'Cannot reach the server. Check the connection and try again.',
      'Unable to parse error response',
      'Your session has expired. Please log in again',
      'This session belongs to another user',
    ];
    expect(shell.filter((t) => !Object.hasOwn(spanishTranslations, t))).toEqual([]);
    // The texts the source defines are spelled exactly as the keys (a key that drifted is never used).
    const sources = ['machines/save-wait.machine.ts', 'src/api/client.ts', 'domain/contract/wire.ts']
      .map((f) => readFileSync(join(root, f), 'utf8'))
      .join('\n');
    for (const text of shell.slice(Object.values(interfaceLabels).length)) expect(sources).toContain(text);
  });

  it('keeps every {{placeholder}} and leaves no text empty', () => {
    for (const [english, spanish] of Object.entries(spanishTranslations)) {
      expect(spanish.trim(), english).not.toBe('');
      expect(placeholders(spanish), english).toEqual(placeholders(english));
    }
  });
});
