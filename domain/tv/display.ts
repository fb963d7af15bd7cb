import { z } from 'zod';
import { isTvPath } from '../platform/interfaces';
import { plants } from '../platform/plants';
import { matchRoute } from '../platform/routes';

/**
 * The TV remote (/manufacturing/tvremote, issue 7 part 3): a tablet tells one TV what to show.
 *
 * Every TV page has a display code, six digits it makes up the first time it runs and keeps (shown in
 * the corner of every board). It follows the public topic `display:{code}`, which carries at most one
 * boardItems item of kind `display`: the last command sent to that TV. A command the TV has not
 * applied yet (sent after the last board chosen on the TV itself) sends it to the command's path, once.
 * A TV that was off or offline when the command was sent applies it when it comes back.
 */
export const DISPLAY_KIND = 'display';

/** Six digits; the TV makes its own (src/areas/tv/display.ts). */
export const DisplayID = z.string().regex(/^\d{6}$/, 'must be the 6-digit code shown on the TV');

export const displayTopic = (displayId: string) => `display:${displayId}`;

export const DisplayCommand = z.object({
  DisplayID: z.string(),
  /** The board's address, with `?plant=N` for the boards that take their plant in the query. */
  Path: z.string(),
  /** Who sent it (the name on the tablet), for the TV's note. */
  SentBy: z.string(),
  SentAt: z.string(),
});
export type DisplayCommand = z.infer<typeof DisplayCommand>;

/**
 * Null when `path` is an address a TV may be sent to — a TV board of the route table (not the chooser
 * `/tv/start`), its parameter filled in, and at most `?plant=N` of a known plant — else why not.
 */
export function tvBoardPathProblem(path: string): string | null {
  const [pathname = '', query, ...rest] = path.split('?');
  if (rest.length > 0 || path.includes('#')) return 'That is not a TV board address.';
  if (!isTvPath(pathname) || /^\/tv\/?(start\/?)?$/i.test(pathname)) return 'That is not a TV board address.';
  const match = matchRoute(pathname);
  if (match?.entry.kind !== 'screen') return 'That is not a TV board address.';
  if (query !== undefined) {
    const plant = /^plant=(\d{1,9})$/.exec(query);
    if (!plant || !plants.some((p) => String(p.PlantID) === plant[1]))
      return 'The only thing a TV address may ask is ?plant= with a plant of the list.';
  }
  return null;
}
