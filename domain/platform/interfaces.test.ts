import { describe, expect, it } from 'vitest';
import { userRecord } from '../../tests/support/fixtures';
import { defaultInterface } from './interfaces';

const user = (flags: string[]) => userRecord({}, flags);

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
