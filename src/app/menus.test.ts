import { describe, expect, it } from 'vitest';
import { screenByName } from '../../domain/platform/routes';
import { SendToDisplay } from '../../domain/tv/calls';
import { userRecord } from '../../tests/support/fixtures';
import {
  availableInterfaces,
  currentInterface,
  flagSet,
  mayUseShopApp,
  menuFor,
  officeInterfaceOf,
  worksOnlyInShopApp,
} from './menus';

const user = (granted: string[]) => userRecord({}, granted);

describe('flagSet', () => {
  it('reads the PascalCase server names into camelCase flags', () => {
    expect([...flagSet(user(['AccessPm', 'CanChangePlant', 'FisAdmin']))].sort()).toEqual([
      'accessPm',
      'canChangePlant',
      'fisAdmin',
    ]);
  });

  it('ignores camelCase fields, non-true values and no user', () => {
    const record = { ...user([]), accessPm: true, AccessFinance: 'true' } as unknown as Parameters<
      typeof flagSet
    >[0];
    expect([...flagSet(record)]).toEqual([]);
    expect(flagSet(null).size).toBe(0);
  });
});

describe('availableInterfaces', () => {
  it('lists the interfaces the user has access to in the spec §1 order, portals, then tv', () => {
    const all = user([
      'AccessCs',
      'AccessInstallerPortal',
      'AccessFis',
      'AccessVendorPortal',
      'AccessConfigurator',
      'AccessFinance',
      'AccessPurchasing',
      'AccessPm',
      'AccessManufacturing',
    ]);
    expect(availableInterfaces(all)).toEqual([
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
      'tv',
    ]);
  });

  it('leaves out interfaces without access', () => {
    expect(availableInterfaces(user(['AccessCs', 'AccessPm']))).toEqual(['pm', 'cs', 'tv']);
  });

  it('a user without flags, or no user, has only tv', () => {
    expect(availableInterfaces(user([]))).toEqual(['tv']);
    expect(availableInterfaces(null)).toEqual(['tv']);
  });
});

describe('currentInterface', () => {
  const pmFinance = user(['AccessPm', 'AccessFinance']);

  it('a /manufacturing path is the shop-floor app, whatever the preference', () => {
    expect(currentInterface(pmFinance, '/manufacturing/menu', 'finance')).toBe('manufacturingApp');
  });

  it('a /tv/ path is tv, whatever the preference', () => {
    expect(currentInterface(pmFinance, '/tv/kpimonitor/1', 'finance')).toBe('tv');
  });

  it('a preference the user has access to is used', () => {
    expect(currentInterface(pmFinance, '/intro', 'finance')).toBe('finance');
  });

  it('a preference the user has no access to is ignored', () => {
    expect(currentInterface(pmFinance, '/intro', 'configurator')).toBe('pm');
  });

  it('a tv preference off a /tv/ path is ignored', () => {
    expect(currentInterface(pmFinance, '/intro', 'tv')).toBe('pm');
  });

  it('without a preference falls back to the spec §1 order', () => {
    expect(currentInterface(user(['AccessCs', 'AccessFinance', 'AccessPurchasing']), '/intro', null)).toBe(
      'purchasing',
    );
    expect(currentInterface(user(['AccessPm', 'AccessManufacturing']), '/intro', null)).toBe('manufacturing');
    expect(currentInterface(user(['AccessCs', 'AccessFis']), '/intro', null)).toBe('fis');
  });
});

describe('menuFor', () => {
  const pmUser = user(['AccessPm']);
  const names = (sections: ReturnType<typeof menuFor>) =>
    sections.flatMap((s) => s.screens.map((x) => x.name));

  it('a pm user sees PM screens and General screens without flags', () => {
    const shown = names(menuFor('pm', pmUser));
    for (const n of ['PM Hub', 'PM Orders', 'Forms', 'Intro', 'Weather', 'Reports', 'Global Search']) {
      expect(shown).toContain(n);
    }
  });

  it('a pm user does not see admin screens or screens of flags they lack', () => {
    const shown = names(menuFor('pm', pmUser));
    for (const n of ['Screen Viewer', 'Connections', 'Payroll', 'Checklist Management', 'Budget Summaries']) {
      expect(shown).not.toContain(n);
    }
  });

  it('an administrator does see Screen Viewer', () => {
    expect(names(menuFor('pm', user(['AccessPm', 'SuperAdministrator'])))).toContain('Screen Viewer');
  });

  it('lists no screen with a required parameter and none marked inMenu false', () => {
    const screens = menuFor('pm', pmUser).flatMap((s) => s.screens);
    expect(screens.filter((s) => /:[A-Za-z0-9_]+(\/|$)/.test(s.path)).map((s) => s.path)).toEqual([]);
    expect(screens.filter((s) => !s.inMenu)).toEqual([]);
    const shown = screens.map((s) => s.name);
    for (const n of ['Form', 'PM Order Loading', 'Login', 'Not Found', 'Project Status']) {
      expect(shown).not.toContain(n);
    }
  });

  it('does not list other interfaces’ screens', () => {
    const shown = names(menuFor('pm', user(['AccessPm', 'AccessFinance', 'AccessManufacturing'])));
    expect(shown).not.toContain('Trial Balance');
    expect(shown).not.toContain('Manufacturing');
  });

  it('groups by area, each area once', () => {
    const areas = menuFor('pm', pmUser).map((s) => s.area);
    expect(areas.length).toBeGreaterThan(1);
    expect(new Set(areas).size).toBe(areas.length);
    expect(areas).toContain('pm');
  });

  it('the manufacturingApp menu lists only /manufacturing screens', () => {
    const screens = menuFor('manufacturingApp', user(['AccessManufacturing'])).flatMap((s) => s.screens);
    expect(screens.length).toBeGreaterThan(10);
    expect(screens.filter((s) => !s.path.startsWith('/manufacturing/')).map((s) => s.path)).toEqual([]);
    const shown = screens.map((s) => s.name);
    expect(shown).toContain('Manufacturing');
    expect(shown).toContain('Shop Supplies');
    expect(shown).not.toContain('Intro');
  });

  it('no user sees only public screens', () => {
    const screens = menuFor('manufacturingApp', null).flatMap((s) => s.screens);
    expect(screens.map((s) => s.name).sort()).toEqual(['Painting', 'Shop Supplies']);
  });
});

// The demo people's flags (server/db/seed.ts), as the server sends them.
const operator = user(['AccessManufacturing', 'ClockedIn']);
const scheduler = user([
  'AccessManufacturing',
  'ViewScheduling',
  'EditProductionSchedules',
  'ViewProductionPlans',
]);
const supervisor = user(['AccessManufacturing', 'Supervisor', 'ApprovesTime', 'ViewPayroll', 'EditPayroll']);
const finance = user(['AccessFinance', 'ProcessPoc', 'ViewBudgets', 'CanChangePlant']);

describe('who works in the shop-floor app (issue 15)', () => {
  it('an operator (the manufacturing flag and nothing that opens office work) works only there', () => {
    expect(worksOnlyInShopApp(operator)).toBe(true);
    expect(officeInterfaceOf(operator)).toBeNull();
  });

  it('a scheduler or a supervisor holds the same interface flag but has office work', () => {
    expect(worksOnlyInShopApp(scheduler)).toBe(false);
    expect(worksOnlyInShopApp(supervisor)).toBe(false);
    expect(officeInterfaceOf(supervisor)).toBe('manufacturing');
  });

  it('another office interface, or no manufacturing flag, is never shop-floor only', () => {
    expect(worksOnlyInShopApp(user(['AccessManufacturing', 'AccessPm']))).toBe(false);
    expect(worksOnlyInShopApp(finance)).toBe(false);
    expect(mayUseShopApp(finance)).toBe(false);
    expect(officeInterfaceOf(finance)).toBe('finance');
    expect(worksOnlyInShopApp(null)).toBe(false);
  });

  it('portal users have no office to go back to', () => {
    expect(officeInterfaceOf(user(['AccessVendorPortal']))).toBeNull();
  });
});

describe('the TV remote in the menus (issue 15)', () => {
  const names = (sections: ReturnType<typeof menuFor>) =>
    sections.flatMap((s) => s.screens.map((x) => x.name));

  it('a supervisor finds it in the office menu and in the tablet menu', () => {
    expect(names(menuFor('manufacturing', supervisor))).toContain('TV Remote');
    expect(names(menuFor('manufacturingApp', supervisor))).toContain('TV Remote');
  });

  it('the screen asks for exactly the flags its call does, so no form is offered that the server refuses', () => {
    expect(SendToDisplay.access).toEqual({ anyOf: screenByName('TV Remote').flags });
  });

  it('an operator or a scheduler is offered it nowhere', () => {
    for (const who of [operator, scheduler]) {
      expect(names(menuFor('manufacturingApp', who))).not.toContain('TV Remote');
      expect(names(menuFor('manufacturing', who))).not.toContain('TV Remote');
    }
  });
});
