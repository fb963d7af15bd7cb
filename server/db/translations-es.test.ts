import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interfaceLabels } from '../../domain/platform/interfaces';
import { placeholders, repoRoot as root } from './translation-texts';
import { spanishTranslations } from './translations-es';

// Every screen's texts (the platform screens' among them) are checked by ./translations-es-areas.test.ts.
describe('the shipped Spanish texts', () => {
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
