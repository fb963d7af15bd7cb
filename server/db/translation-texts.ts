import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, where every path below starts. */
export const repoRoot = new URL('../..', import.meta.url).pathname;

/**
 * Every English text a source file passes to the translator, read from its text: the literal of each
 * `t('…')` / `t("…")`, each `<Trans text="…">`, and the labels of its text tables (`FLAG_LABELS = { … }`).
 * A text built at run time (`t(label)`) is not seen here.
 */
export function translatedTexts(file: string): string[] {
  const source = readFileSync(join(repoRoot, file), 'utf8');
  const texts: string[] = [];
  for (const m of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g)) texts.push(m[1]!.replace(/\\'/g, "'"));
  for (const m of source.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)+)"/g)) texts.push(m[1]!.replace(/\\"/g, '"'));
  for (const m of source.matchAll(/<Trans[^>]*\btext="([^"]+)"/g)) texts.push(m[1]!);
  for (const table of source.matchAll(/_LABELS[^=]*=\s*\{([^}]*)\}/g)) {
    for (const m of table[1]!.matchAll(/:\s*'([^']+)'/g)) texts.push(m[1]!);
  }
  return texts;
}

/** The screens' source files under `folder` (a path from the root), sub-folders included, tests left out. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => `${folder}/${f}`)
    .sort();
}

/** The `{{name}}` placeholders of a text, sorted: a translation keeps exactly its English's. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
