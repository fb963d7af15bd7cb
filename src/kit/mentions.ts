/**
 * The comment box's @ mentions, as plain functions of the text and the caret (tested in
 * mentions.test.ts). A mention is typed as `@` and part of a name; picking a person writes `@Full Name `
 * and remembers their EmployeeID, which is what the server stores. A mention whose `@Full Name` was
 * later erased from the text is not sent.
 */

export interface Mention {
  EmployeeID: number;
  Name: string;
}

/** The `@word` being typed just before the caret: where it starts and what to search for. */
export function mentionQuery(text: string, caret: number): { start: number; search: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}'.-]{0,30})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, search: match[2]! };
}

/** The text with the `@search` from `start` to `caret` replaced by `@Name `, and where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The picked people still mentioned in the final text, each once. */
export function mentionsIn(text: string, picked: readonly Mention[]): number[] {
  const ids: number[] = [];
  for (const m of picked) {
    if (text.includes(`@${m.Name}`) && !ids.includes(m.EmployeeID)) ids.push(m.EmployeeID);
  }
  return ids;
}

/** A comment's text in parts, the mentions apart, so they can be shown marked. */
export function splitMentions(
  text: string,
  mentions: readonly Mention[],
): Array<{ text: string; mention?: Mention }> {
  const names = [...mentions].sort((a, b) => b.Name.length - a.Name.length);
  const parts: Array<{ text: string; mention?: Mention }> = [];
  let rest = text;
  while (rest) {
    let best: { at: number; mention: Mention } | null = null;
    for (const m of names) {
      const at = rest.indexOf(`@${m.Name}`);
      if (at >= 0 && (!best || at < best.at)) best = { at, mention: m };
    }
    if (!best) {
      parts.push({ text: rest });
      break;
    }
    if (best.at > 0) parts.push({ text: rest.slice(0, best.at) });
    parts.push({ text: `@${best.mention.Name}`, mention: best.mention });
    rest = rest.slice(best.at + best.mention.Name.length + 1);
  }
  return parts;
}

/** "Rita Ops" → "RO": the avatar of someone without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase();
}
