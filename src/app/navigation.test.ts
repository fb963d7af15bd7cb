import { describe, expect, it } from 'vitest';
import { screenByName } from '../../domain/platform/routes';
import {
  decideNavigation,
  type NavDecision,
  type NavRequest,
  orderLoadingTarget,
  pageTitle,
  pmOrderNumber,
} from './navigation';

/** A logged-in office user on /intro asking for /intro; each test overrides what it is about. */
const base: NavRequest = {
  from: '/intro',
  to: '/intro',
  search: '',
  loggedIn: true,
  installer: false,
  mayUseShopApp: true,
  shopAppOnly: false,
  interfacePref: null,
  tvPath: null,
  loadedOrder: null,
};
const nav = (over: Partial<NavRequest>): NavDecision => decideNavigation({ ...base, ...over });
const anon = (over: Partial<NavRequest>): NavDecision => nav({ loggedIn: false, from: null, ...over });

const ALLOWED: NavDecision = { redirect: null, logout: false, setInterface: null, rememberTvPath: null };

describe('§2.3 unauthenticated users are sent to Login, except public screens and /tv/', () => {
  it('an office screen sends to Login', () => {
    expect(anon({ to: '/scheduling/plant' })).toEqual({ ...ALLOWED, redirect: '/pages/login' });
  });

  it('/ (Home) sends to Login', () => {
    expect(anon({ to: '/' }).redirect).toBe('/pages/login');
  });

  it('an unknown address sends to Login', () => {
    expect(anon({ to: '/no/such/page' }).redirect).toBe('/pages/login');
  });

  it('Login itself is shown', () => {
    expect(anon({ to: '/pages/login' })).toEqual(ALLOWED);
  });

  it('Shop Supplies (/manufacturing/supplies) is shown', () => {
    expect(anon({ to: '/manufacturing/supplies' }).redirect).toBeNull();
  });

  it('Employee Engagement (/pages/engagementform) is shown', () => {
    expect(anon({ to: '/pages/engagementform' })).toEqual(ALLOWED);
  });

  it('Painting (/manufacturing/painting) is shown', () => {
    expect(anon({ to: '/manufacturing/painting' }).redirect).toBeNull();
  });

  it('Viscosity Report (/manufacturing/painting/viscosityreport/5) is shown', () => {
    expect(anon({ to: '/manufacturing/painting/viscosityreport/5' }).redirect).toBeNull();
  });

  it('a TV screen (/tv/kpimonitor/1) is shown', () => {
    expect(anon({ to: '/tv/kpimonitor/1' }).redirect).toBeNull();
  });

  it('the shop-floor menu is not public', () => {
    expect(anon({ to: '/manufacturing/menu' }).redirect).toBe('/pages/login');
  });
});

describe('§2.3 the manufacturing app keeps its users in /manufacturing', () => {
  it('with the manufacturingApp preference, /intro sends to /manufacturing/menu', () => {
    expect(nav({ to: '/intro', interfacePref: 'manufacturingApp' }).redirect).toBe('/manufacturing/menu');
  });

  it('with the manufacturingApp preference, / sends to /manufacturing/menu', () => {
    expect(nav({ to: '/', interfacePref: 'manufacturingApp' }).redirect).toBe('/manufacturing/menu');
  });

  it('leaving /manufacturing/menu for /scheduling/plant sends to /manufacturing/menu', () => {
    expect(nav({ from: '/manufacturing/menu', to: '/scheduling/plant' }).redirect).toBe(
      '/manufacturing/menu',
    );
  });

  it('moving within /manufacturing is allowed', () => {
    expect(nav({ from: '/manufacturing/menu', to: '/manufacturing/selectplan' }).redirect).toBeNull();
  });

  it('without the preference and not coming from /manufacturing, office screens are allowed', () => {
    expect(nav({ from: '/intro', to: '/scheduling/plant' })).toEqual(ALLOWED);
  });

  // Bug (reported): the interface switcher stores the new preference and then navigates
  // (AppShell: "The preference changes first, so leaving /manufacturing ... is not sent back"), but
  // the "leaving /manufacturing" rule ignores the preference, so the switcher can never leave the app.
  it('after the interface switcher set another interface, leaving /manufacturing is allowed', () => {
    expect(nav({ from: '/manufacturing/menu', to: '/pm/hub', interfacePref: 'pm' }).redirect).toBeNull();
  });
});

describe('issue 15: the shop-floor app never holds someone who may not use it', () => {
  it('a stored manufacturingApp preference does not send a user without the shop-floor app there', () => {
    expect(nav({ to: '/intro', interfacePref: 'manufacturingApp', mayUseShopApp: false })).toEqual(ALLOWED);
    expect(
      nav({ to: '/payroll', interfacePref: 'manufacturingApp', mayUseShopApp: false }).redirect,
    ).toBeNull();
  });

  it('leaving /manufacturing does not send them back either ("Back to the start page" works)', () => {
    expect(nav({ from: '/manufacturing/menu', to: '/intro', mayUseShopApp: false })).toEqual(ALLOWED);
  });

  it('opening a /manufacturing address does not make it their interface', () => {
    expect(nav({ to: '/manufacturing/menu', mayUseShopApp: false })).toEqual(ALLOWED);
  });

  it('a logged-out tablet on a public /manufacturing screen still takes the shop-floor app', () => {
    expect(anon({ to: '/manufacturing/painting', mayUseShopApp: false }).setInterface).toBe(
      'manufacturingApp',
    );
  });
});

describe('issue 15: a user whose only interface is the shop-floor app works in it', () => {
  const only = { shopAppOnly: true, mayUseShopApp: true };
  it('Home after login (/ → /intro) lands on /manufacturing/menu', () => {
    expect(nav({ ...only, from: '/pages/login', to: '/' }).redirect).toBe('/manufacturing/menu');
    expect(nav({ ...only, from: null, to: '/intro' }).redirect).toBe('/manufacturing/menu');
  });

  it('even with another interface stored, an office screen sends them to /manufacturing/menu', () => {
    expect(nav({ ...only, to: '/payroll', interfacePref: 'manufacturing' }).redirect).toBe(
      '/manufacturing/menu',
    );
  });

  it('their own screens, TV boards and Login are not redirected', () => {
    expect(nav({ ...only, to: '/manufacturing/clocks' }).redirect).toBeNull();
    expect(nav({ ...only, to: '/tv/faceboard' }).redirect).toBeNull();
    expect(nav({ ...only, from: '/intro', to: '/pages/login' }).redirect).toBe('/intro');
  });
});

describe('§2.3 leaving /installers sends an installer to Installers', () => {
  it('an installer leaving /installers/home for /intro goes to /installers/home', () => {
    expect(nav({ from: '/installers/home', to: '/intro', installer: true }).redirect).toBe(
      '/installers/home',
    );
  });

  it('a user without the installer flag is not redirected', () => {
    expect(nav({ from: '/installers/home', to: '/intro', installer: false })).toEqual(ALLOWED);
  });

  it('an installer moving within /installers is not redirected', () => {
    expect(nav({ from: '/installers/home', to: '/installers/orders', installer: true }).redirect).toBeNull();
  });

  it('an installer not coming from /installers is not redirected', () => {
    expect(nav({ from: '/intro', to: '/weather', installer: true }).redirect).toBeNull();
  });
});

describe('§2.3 a logged-in user opening Login', () => {
  it('goes Home (/intro)', () => {
    expect(nav({ from: '/scheduling/plant', to: '/pages/login' })).toEqual({
      ...ALLOWED,
      redirect: '/intro',
    });
  });

  it('from a /manufacturing/ path is logged out and stays on Login', () => {
    expect(nav({ from: '/manufacturing/menu', to: '/pages/login' })).toEqual({ ...ALLOWED, logout: true });
  });

  it('on the first load (no from) goes Home', () => {
    expect(nav({ from: null, to: '/pages/login' }).redirect).toBe('/intro');
  });
});

describe('§2.3 /pm/order/{orderNum} loads the order first', () => {
  it('with no order loaded goes to PM Order Loading with the target', () => {
    expect(nav({ to: '/pm/order/100234/parts' }).redirect).toBe(
      '/pm/orderloading?orderNum=100234&target=%2Fpm%2Forder%2F100234%2Fparts',
    );
  });

  it('with that order loaded is allowed', () => {
    expect(nav({ to: '/pm/order/100234/parts', loadedOrder: 100234 })).toEqual(ALLOWED);
  });

  it('with another order loaded loads again', () => {
    expect(nav({ to: '/pm/order/100234/parts', loadedOrder: 99 }).redirect).toBe(
      '/pm/orderloading?orderNum=100234&target=%2Fpm%2Forder%2F100234%2Fparts',
    );
  });

  it('the bare order address loads the order and continues to its default tab, query kept', () => {
    expect(nav({ to: '/pm/order/55', search: '?x=1' }).redirect).toBe(
      `/pm/orderloading?orderNum=55&target=${encodeURIComponent('/pm/order/55/projectstatus?x=1')}`,
    );
  });

  it('PM Order Loading itself is not an order address', () => {
    expect(nav({ to: '/pm/orderloading', search: '?orderNum=5' })).toEqual(ALLOWED);
  });

  it('pmOrderNumber reads the order of /pm/order/ paths only', () => {
    expect(pmOrderNumber('/pm/order/100234/parts')).toBe(100234);
    expect(pmOrderNumber('/pm/order/7')).toBe(7);
    expect(pmOrderNumber('/pm/orderloading')).toBeNull();
    expect(pmOrderNumber('/pm/order/abc/parts')).toBeNull();
  });
});

describe('§2.3 entering /manufacturing or /tv/ sets the interface', () => {
  it('/manufacturing/... sets manufacturingApp', () => {
    expect(nav({ to: '/manufacturing/selectplan' })).toEqual({
      ...ALLOWED,
      setInterface: 'manufacturingApp',
    });
  });

  it('/manufacturing redirects to its menu and sets manufacturingApp', () => {
    expect(nav({ to: '/manufacturing' })).toEqual({
      ...ALLOWED,
      redirect: '/manufacturing/menu',
      setInterface: 'manufacturingApp',
    });
  });

  it('/tv/... sets tv and remembers the first TV screen', () => {
    expect(anon({ to: '/tv/kpimonitor/1' })).toEqual({
      ...ALLOWED,
      setInterface: 'tv',
      rememberTvPath: '/tv/kpimonitor/1',
    });
  });

  it('/tv/start is not remembered', () => {
    expect(anon({ to: '/tv/start' })).toEqual({ ...ALLOWED, setInterface: 'tv' });
  });

  it('nothing is remembered when a TV path already is', () => {
    expect(anon({ to: '/tv/productionmonitor/4', tvPath: '/tv/kpimonitor/1' })).toEqual({
      ...ALLOWED,
      setInterface: 'tv',
    });
  });

  it('/tv with a remembered path restores it', () => {
    expect(anon({ to: '/tv', tvPath: '/tv/kpimonitor/1' })).toEqual({
      ...ALLOWED,
      redirect: '/tv/kpimonitor/1',
      setInterface: 'tv',
    });
  });

  it('/tv without a remembered path goes to /tv/start', () => {
    expect(anon({ to: '/tv' })).toEqual({ ...ALLOWED, redirect: '/tv/start', setInterface: 'tv' });
  });

  it('/ with the tv preference and a remembered path goes to the TV path', () => {
    expect(nav({ to: '/', interfacePref: 'tv', tvPath: '/tv/kpimonitor/1' }).redirect).toBe(
      '/tv/kpimonitor/1',
    );
  });

  // Bug (reported): TV displays are unattended and never log in (§1, §6), yet the "Home on a TV" rule
  // runs after the unauthenticated rule, so a TV reopening / is sent to Login instead of its screen.
  it('/ with the tv preference and a remembered path goes to the TV path without a login too', () => {
    expect(anon({ to: '/', interfacePref: 'tv', tvPath: '/tv/kpimonitor/1' }).redirect).toBe(
      '/tv/kpimonitor/1',
    );
  });

  it('/ with the tv preference but nothing remembered goes to /intro', () => {
    expect(nav({ to: '/', interfacePref: 'tv' }).redirect).toBe('/intro');
  });
});

describe('table redirects and unknown addresses', () => {
  it('a table redirect is followed, keeping the query string', () => {
    expect(nav({ to: '/scheduling', search: '?plant=2' }).redirect).toBe('/scheduling/plant?plant=2');
  });

  it('/ goes to /intro', () => {
    expect(nav({ from: null, to: '/' }).redirect).toBe('/intro');
  });

  it('/config goes to /pages/404', () => {
    expect(nav({ to: '/config' }).redirect).toBe('/pages/404');
  });

  it('a screen address is shown as asked', () => {
    expect(nav({ to: '/scheduling/plant', search: '?plant=2' })).toEqual(ALLOWED);
  });

  it('an unknown address stays where it is when logged in (Not Found is shown there)', () => {
    expect(nav({ to: '/no/such/page' })).toEqual(ALLOWED);
  });
});

describe('orderLoadingTarget', () => {
  it('continues to a target of the same order, with its query', () => {
    expect(orderLoadingTarget('?orderNum=100234&target=%2Fpm%2Forder%2F100234%2Fparts%3Fx%3D1')).toEqual({
      orderNum: 100234,
      target: '/pm/order/100234/parts?x=1',
    });
  });

  it('without a target continues to the order', () => {
    expect(orderLoadingTarget('?orderNum=12')).toEqual({ orderNum: 12, target: '/pm/order/12' });
  });

  it('refuses an off-site target', () => {
    expect(
      orderLoadingTarget(`?orderNum=12&target=${encodeURIComponent('https://evil.example/pm/order/12')}`),
    ).toEqual({
      orderNum: 12,
      target: '/pm/order/12',
    });
    expect(
      orderLoadingTarget(`?orderNum=12&target=${encodeURIComponent('//evil.example/pm/order/12')}`),
    ).toEqual({
      orderNum: 12,
      target: '/pm/order/12',
    });
  });

  it("refuses another order's target", () => {
    expect(orderLoadingTarget(`?orderNum=12&target=${encodeURIComponent('/pm/order/13/parts')}`)).toEqual({
      orderNum: 12,
      target: '/pm/order/12',
    });
  });

  it('refuses a missing or bad order number', () => {
    expect(orderLoadingTarget('')).toBeNull();
    expect(orderLoadingTarget('?orderNum=abc')).toBeNull();
    expect(orderLoadingTarget('?orderNum=0')).toBeNull();
    expect(orderLoadingTarget('?orderNum=1.5')).toBeNull();
  });
});

describe('pageTitle (§2.3)', () => {
  it('is the screen title', () => {
    expect(pageTitle(screenByName('PM Hub'), '/pm/hub', null)).toBe('PM Hub');
    expect(pageTitle(screenByName('DocumentEditor'), '/quality/documenteditor', null)).toBe(
      'Document Editor',
    );
  });

  it('on a configurator path with a project description is the description', () => {
    expect(pageTitle(screenByName('Workflow'), '/configurator/c/workflow', 'Dock 4 racking')).toBe(
      'Dock 4 racking',
    );
  });

  it('on a configurator path without a description is the screen title', () => {
    expect(pageTitle(screenByName('My Projects'), '/configurator/myprojects', null)).toBe('My Projects');
  });

  it('off the configurator a project description is ignored', () => {
    expect(pageTitle(screenByName('PM Hub'), '/pm/hub', 'Dock 4 racking')).toBe('PM Hub');
  });

  it('an unknown screen is Not Found', () => {
    expect(pageTitle(null, '/no/such/page', null)).toBe('Not Found');
  });
});
