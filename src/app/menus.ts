import { type InterfaceName, interfaces } from '../../domain/contract/wire';
import { defaultInterface, defaultInterfaceOrder, portalInterfaces } from '../../domain/platform/interfaces';
import { flagServerName, type PermissionFlag, permissionFlags } from '../../domain/platform/permissions';
import { type AreaSlug, mayOpen, type ScreenRoute, screenRoutes } from '../../domain/platform/routes';
import type { UserRecord } from '../../domain/platform/session';

/** The shop-floor app, TV and the portals have their own screens; every other interface lists General's too. */
const ownScreensOnly: ReadonlySet<InterfaceName> = new Set([
  'manufacturingApp',
  'tv',
  'vendorPortal',
  'installerPortal',
]);
const officeInterfaces: ReadonlySet<InterfaceName> = new Set(
  interfaces.filter((i) => !ownScreensOnly.has(i)),
);

/** The permission flags a user record holds (spec 000 §6; the record spells them AccessPm, the table accessPm). */
export function flagSet(user: UserRecord | null): ReadonlySet<PermissionFlag> {
  if (!user) return new Set();
  const record = user as unknown as Record<string, unknown>;
  return new Set(permissionFlags.filter((f) => record[flagServerName(f)] === true));
}

/**
 * The interfaces a user may switch to, in the default order of spec 000 §1 (the shop-floor app first,
 * with the manufacturing flag), then the portals, then TV, which needs no flag.
 */
export function availableInterfaces(user: UserRecord | null): InterfaceName[] {
  if (!user) return ['tv'];
  const order = [
    ['manufacturingApp', 'AccessManufacturing'] as const,
    ...defaultInterfaceOrder,
    // The switcher lists the vendor portal before the installer portal; defaultInterface prefers the
    // installer portal for someone with both, so the two lists differ only there.
    ...[...portalInterfaces].reverse(),
  ];
  return [...order.filter(([, flag]) => user[flag] === true).map(([name]) => name), 'tv'];
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

/** The menu's section titles, by area slug (the shell's menu and the shop-floor app's Menu). */
export const areaLabels: Record<string, string> = {
  platform: 'General',
  pm: 'Project management',
  forms: 'Forms',
  'production-plan': 'Production planning',
  scheduling: 'Scheduling',
  'shop-floor': 'Shop floor',
  tv: 'TV',
  boards: 'Boards',
  time: 'Time and payroll',
  orders: 'Orders',
  fis: 'Field installation',
  finance: 'Finance',
  maintenance: 'Maintenance',
  inventory: 'Inventory',
  shipping: 'Shipping',
  receiving: 'Receiving',
  quality: 'Quality',
  documents: 'Documents',
  costing: 'Costing',
  configurator: 'Configurator',
  purchasing: 'Purchasing',
  cs: 'Customer service',
  installers: 'Installers',
  'vendor-portal': 'Vendor portal',
  admin: 'Administration',
};
