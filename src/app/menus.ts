import type { InterfaceName } from '../../domain/contract/wire';
import { defaultInterface, interfaceLabels } from '../../domain/platform/interfaces';
import { flagServerName, type PermissionFlag, permissionFlags } from '../../domain/platform/permissions';
import { type AreaSlug, mayOpen, type ScreenRoute, screenRoutes } from '../../domain/platform/routes';
import type { UserRecord } from '../../domain/platform/session';

/** The interface access flag of spec 000 §6 for each interface a user can be switched to. */
export const interfaceAccess: Partial<Record<InterfaceName, PermissionFlag>> = {
  manufacturingApp: 'accessManufacturing',
  manufacturing: 'accessManufacturing',
  pm: 'accessPm',
  purchasing: 'accessPurchasing',
  finance: 'accessFinance',
  configurator: 'accessConfigurator',
  fis: 'accessFis',
  cs: 'accessCs',
  vendorPortal: 'accessVendorPortal',
  installerPortal: 'accessInstallerPortal',
};

/** Interfaces whose menus list the General (`web`) screens too. */
const officeInterfaces: ReadonlySet<InterfaceName> = new Set([
  'pm',
  'manufacturing',
  'purchasing',
  'finance',
  'sales',
  'estimating',
  'configurator',
  'fis',
  'cs',
  'web',
]);

/** The permission flags a user record holds (spec 000 §6; the record spells them AccessPm, the table accessPm). */
export function flagSet(user: UserRecord | null): ReadonlySet<PermissionFlag> {
  if (!user) return new Set();
  const record = user as unknown as Record<string, unknown>;
  return new Set(permissionFlags.filter((f) => record[flagServerName(f)] === true));
}

/** The interfaces a user may switch to, in the default order of spec 000 §1 (TV needs no flag). */
export function availableInterfaces(user: UserRecord | null): InterfaceName[] {
  const flags = flagSet(user);
  const order: InterfaceName[] = [
    'manufacturingApp',
    'manufacturing',
    'pm',
    'purchasing',
    'finance',
    'configurator',
    'fis',
    'cs',
    'vendorPortal',
    'installerPortal',
  ];
  return [...order.filter((i) => flags.has(interfaceAccess[i] as PermissionFlag)), 'tv'];
}

/**
 * The interface the user works in: the path decides for /manufacturing and /tv/ (spec 000 §2.3); else
 * the stored preference if the user may use it; else the default order of spec 000 §1.
 */
export function currentInterface(
  user: UserRecord | null,
  path: string,
  pref: InterfaceName | null,
): InterfaceName {
  const byPath = defaultInterface(user, path);
  if (byPath === 'manufacturingApp' || byPath === 'tv') return byPath;
  if (pref && pref !== 'tv' && availableInterfaces(user).includes(pref)) return pref;
  return byPath;
}

export interface MenuSection {
  area: AreaSlug;
  screens: ScreenRoute[];
}

/** The screens of an interface that the user may open, grouped by area in table order. */
export function menuFor(iface: InterfaceName, user: UserRecord | null): MenuSection[] {
  const flags = flagSet(user);
  const sections = new Map<AreaSlug, ScreenRoute[]>();
  for (const s of screenRoutes) {
    if (!s.inMenu) continue;
    const listed = s.interface === iface || (s.interface === 'web' && officeInterfaces.has(iface));
    if (!listed || !mayOpen(s, flags)) continue;
    const list = sections.get(s.area) ?? [];
    list.push(s);
    sections.set(s.area, list);
  }
  return [...sections].map(([area, screens]) => ({ area, screens }));
}

export { interfaceLabels };
