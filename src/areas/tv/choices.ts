import { isTvPath } from '../../../domain/platform/interfaces';
import { plants } from '../../../domain/platform/plants';
import { type ScreenRoute, screenRoutes } from '../../../domain/platform/routes';

/** A TV board /tv/start can send a TV to, with the one parameter its address takes (if any). */
export interface TvChoice {
  route: ScreenRoute;
  /** The `:name` of the address, or the plant of a board that takes it in the query; else null. */
  param: TvParam | null;
  /** The parameter goes in the query (`?plant=N`), not the path: boards whose address has no plant. */
  inQuery: boolean;
}

/** Boards whose address has no parameter but which show one plant, chosen as `?plant=N`. */
const PLANT_IN_QUERY: ReadonlySet<string> = new Set(['/tv/faceboard', '/tv/maintenance/calendar']);

export type TvParam = 'plantId' | 'resourceId' | 'bayNumber' | 'locationId';

/** Every TV screen of the route table except the chooser itself, in table order. */
export const tvChoices: readonly TvChoice[] = screenRoutes
  .filter((r) => isTvPath(r.path) && r.path !== '/tv/start')
  .map((route) => {
    const name = route.path.match(/:(\w+)/)?.[1] ?? null;
    if (!name && PLANT_IN_QUERY.has(route.path)) return { route, param: 'plantId' as const, inQuery: true };
    return { route, param: (name as TvParam | null) ?? null, inQuery: false };
  });

/** The label of a parameter's field. */
export const PARAM_LABELS: Record<TvParam, string> = {
  plantId: 'Plant',
  resourceId: 'Resource',
  bayNumber: 'Bay',
  locationId: 'Location',
};

/**
 * Checks a typed parameter: null when it is good, else the sentence to show. Plants come from the
 * plant list; there is no public call listing resources, bays or locations yet, so those are typed.
 */
export function paramError(param: TvParam, raw: string): string | null {
  const value = raw.trim();
  switch (param) {
    case 'plantId':
      return plants.some((p) => String(p.PlantID) === value) ? null : 'Choose a plant from the list.';
    case 'bayNumber':
      return /^[1-9]\d{0,2}$/.test(value) ? null : 'A bay is a number from 1 to 999.';
    case 'resourceId':
      return ID.test(value) ? null : 'A resource is 1 to 20 letters, digits, - or _.';
    case 'locationId':
      return ID.test(value) ? null : 'A location is 1 to 20 letters, digits, - or _.';
  }
}

/** A resource or location id as typed: letters, digits, - and _, starting with a letter or digit. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;

/** The texts {@link paramError} answers and {@link PARAM_LABELS} holds, for the Spanish check. */
export const TV_PARAM_TEXTS = [
  'Choose a plant from the list.',
  'A bay is a number from 1 to 999.',
  'A resource is 1 to 20 letters, digits, - or _.',
  'A location is 1 to 20 letters, digits, - or _.',
] as const;

/** The address of a board with its parameter (resources in capitals, as they are stored). */
export function boardPath(choice: TvChoice, raw: string): string {
  if (!choice.param) return choice.route.path;
  if (choice.inQuery) return `${choice.route.path}?plant=${encodeURIComponent(raw.trim())}`;
  const value = choice.param === 'resourceId' ? raw.trim().toUpperCase() : raw.trim();
  return choice.route.path.replace(`:${choice.param}`, encodeURIComponent(value));
}

/** The board of a remembered address, for showing it by name. */
export function choiceOfPath(path: string): TvChoice | null {
  const bare = path.replace(/[?#].*$/, '');
  for (const choice of tvChoices) {
    const pattern = new RegExp(`^${choice.route.path.replace(/:\w+/, '[^/]+')}$`, 'i');
    if (pattern.test(bare)) return choice;
  }
  return null;
}
