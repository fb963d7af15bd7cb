import type { InterfaceName } from '../contract/wire';
import type { UserRecord } from './session';

/** `path` is `base` or below it; case-insensitive, as the router matches. */
export function isUnder(path: string, base: string): boolean {
  const p = path.toLowerCase();
  return p === base || p.startsWith(`${base}/`);
}
/** Any path starting with /manufacturing is the shop-floor app (spec 000 §1). */
export const isManufacturingPath = (path: string) => isUnder(path, '/manufacturing');
/** Any path under /tv/ is the TV interface (spec 000 §1, §2.3). */
export const isTvPath = (path: string) => isUnder(path, '/tv');

/**
 * Spec 000 §1: "The default interface is chosen in this order: manufacturing app path, manufacturing,
 * pm, purchasing, finance, configurator, fis, cs." A path under /tv/ is the TV interface (§2.3). A user
 * with none of those (a vendor, installer or customer) lands in their portal.
 */
export const defaultInterfaceOrder = [
  ['manufacturing', 'AccessManufacturing'],
  ['pm', 'AccessPm'],
  ['purchasing', 'AccessPurchasing'],
  ['finance', 'AccessFinance'],
  ['configurator', 'AccessConfigurator'],
  ['fis', 'AccessFis'],
  ['cs', 'AccessCs'],
] as const satisfies ReadonlyArray<readonly [InterfaceName, keyof UserRecord]>;

export const portalInterfaces = [
  ['installerPortal', 'AccessInstallerPortal'],
  ['vendorPortal', 'AccessVendorPortal'],
] as const satisfies ReadonlyArray<readonly [InterfaceName, keyof UserRecord]>;

export function defaultInterface(user: UserRecord | null, path: string): InterfaceName {
  if (isManufacturingPath(path)) return 'manufacturingApp';
  if (isTvPath(path)) return 'tv';
  if (!user) return 'web';
  for (const [name, flag] of [...defaultInterfaceOrder, ...portalInterfaces]) if (user[flag]) return name;
  return 'web';
}

/** Names people read for each interface. */
export const interfaceLabels: Record<InterfaceName, string> = {
  pm: 'Project management',
  manufacturing: 'Manufacturing',
  purchasing: 'Purchasing',
  finance: 'Finance',
  sales: 'Sales',
  estimating: 'Estimating',
  configurator: 'Configurator',
  fis: 'Field installation services',
  cs: 'Customer service',
  manufacturingApp: 'Shop-floor app',
  tv: 'TV',
  vendorPortal: 'Vendor portal',
  installerPortal: 'Installer portal',
  web: 'Web',
};
