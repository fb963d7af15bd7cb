import { type InterfaceName, interfaces } from '../../domain/contract/wire';
import { defaultInterface, defaultInterfaceOrder, portalInterfaces } from '../../domain/platform/interfaces';
import {
  flagServerName,
  type PermissionFlag,
  permissionFlags,
  permissionGroups,
} from '../../domain/platform/permissions';
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

/** The user may use the shop-floor app (the manufacturing flag; spec 000 §1 lists it first). */
export function mayUseShopApp(user: UserRecord | null): boolean {
  return user?.AccessManufacturing === true;
}

const interfaceFlags: ReadonlySet<PermissionFlag> = new Set(permissionGroups.interfaceAccess);
/**
 * The flags that open some office screen beyond what the interface flags alone open: whoever holds one
 * has office work to do. Read from the route table, so a new office screen cannot be forgotten here.
 */
const officeWorkFlags: ReadonlySet<PermissionFlag> = new Set(
  screenRoutes
    .filter((s) => officeInterfaces.has(s.interface))
    .flatMap((s) => s.flags)
    .filter((f) => !interfaceFlags.has(f)),
);

/**
 * The shop-floor app is the only interface this user works in (issue 15): the manufacturing flag, no
 * other office interface, and no flag that opens office work (an operator, not a scheduler or a
 * supervisor, who hold the same interface flag). They land in /manufacturing after login and stay there.
 */
export function worksOnlyInShopApp(user: UserRecord | null): boolean {
  if (!mayUseShopApp(user)) return false;
  const others = availableInterfaces(user).filter((i) => i !== 'manufacturingApp' && i !== 'tv');
  if (others.some((i) => i !== 'manufacturing')) return false;
  for (const f of flagSet(user)) if (officeWorkFlags.has(f)) return false;
  return true;
}

/**
 * The office interface a user returns to from the shop-floor app (its "Back to the office"), or null for
 * someone who has none (an operator, a portal user).
 */
export function officeInterfaceOf(user: UserRecord | null): InterfaceName | null {
  if (!user || worksOnlyInShopApp(user)) return null;
  const iface = defaultInterface(user, '/intro');
  return officeInterfaces.has(iface) && iface !== 'web' ? iface : null;
}

/**
 * Screens of the shop-floor app that office users also reach from their own menu, so opening them is
 * not a trip into the tablet app to find them (issue 15: supervisors point the TVs from the office).
 */
const alsoInOfficeMenus: ReadonlySet<string> = new Set(['TV Remote']);

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
    const office = officeInterfaces.has(iface);
    const listed =
      s.interface === iface || (office && (s.interface === 'web' || alsoInOfficeMenus.has(s.name)));
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
