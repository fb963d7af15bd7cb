import { describe, expect, it } from 'vitest';
import { defaultInterface } from './interfaces';
import { flagServerName, permissionFlags } from './permissions';
import type { UserRecord } from './session';

function user(flags: string[]): UserRecord {
  const record: Record<string, unknown> = {
    EmployeeID: 1,
    Name: 'T',
    TokenID: 't',
    PlantID: 1,
    PhotoFile: null,
    Language: 'en',
    Email: null,
    DomainID: null,
    ShowMyHelp: true,
    ViewableSecureReports: [],
  };
  for (const f of permissionFlags) record[flagServerName(f)] = flags.includes(flagServerName(f));
  return record as UserRecord;
}

describe('defaultInterface (spec 000 §1 order)', () => {
  it('a /manufacturing path is the shop-floor app, whatever the flags', () => {
    expect(defaultInterface(user(['AccessPm']), '/manufacturing')).toBe('manufacturingApp');
    expect(defaultInterface(user([]), '/manufacturing/menu')).toBe('manufacturingApp');
    expect(defaultInterface(user(['AccessPm']), '/manufacturingx')).toBe('pm');
  });
  it('a /tv/ path is the TV interface', () => {
    expect(defaultInterface(null, '/tv/kpimonitor/1')).toBe('tv');
  });
  it('manufacturing before pm before purchasing before finance before configurator before fis before cs', () => {
    const order = [
      'AccessManufacturing',
      'AccessPm',
      'AccessPurchasing',
      'AccessFinance',
      'AccessConfigurator',
      'AccessFis',
      'AccessCs',
    ];
    const names = ['manufacturing', 'pm', 'purchasing', 'finance', 'configurator', 'fis', 'cs'];
    for (let i = 0; i < order.length; i++) {
      expect(defaultInterface(user(order.slice(i)), '/intro')).toBe(names[i]);
    }
  });
  it('portal users land in their portal; nobody else in particular is web', () => {
    expect(defaultInterface(user(['AccessInstallerPortal']), '/intro')).toBe('installerPortal');
    expect(defaultInterface(user(['AccessVendorPortal']), '/intro')).toBe('vendorPortal');
    expect(defaultInterface(user([]), '/intro')).toBe('web');
  });
});
