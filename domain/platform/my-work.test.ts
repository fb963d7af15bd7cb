import { describe, expect, it } from 'vitest';
import { mayOpenPath, shortcutsFrom, watchesPlant, workKindsFor, workTopics } from './my-work';

const flags = (...f: string[]) => new Set(f);

describe('workKindsFor', () => {
  it('gives each kind only to those whose flags act on it, in display order', () => {
    expect(workKindsFor(flags())).toEqual([]);
    expect(workKindsFor(flags('approvesTime'))).toEqual(['missingPunchOuts']);
    expect(workKindsFor(flags('lockPayroll'))).toEqual(['weeksToLock']);
    expect(workKindsFor(flags('createMaintenanceWorkOrder'))).toEqual([
      'openWorkOrders',
      'openFixtureRequests',
    ]);
    expect(workKindsFor(flags('supervisor', 'approvesTime'))).toEqual([
      'missingPunchOuts',
      'openFixtureRequests',
      'twoHourChecks',
    ]);
    expect(workKindsFor(flags('accessManufacturing'))).toEqual(['twoHourChecks']);
    // Viewing maintenance or payroll is not acting on it.
    expect(workKindsFor(flags('viewMaintenance', 'viewPayroll'))).toEqual([]);
  });

  it("follows the topics that move each count, in the caller's plant", () => {
    expect(workTopics('missingPunchOuts', 6)).toEqual(['faces:6']);
    expect(workTopics('weeksToLock', 6)).toEqual(['payroll:6']);
    expect(workTopics('openWorkOrders', 6)).toEqual(['workorders:6']);
    expect(workTopics('openFixtureRequests', 6)).toEqual(['fixturerequests:6']);
    expect(workTopics('twoHourChecks', 6)).toEqual(['kpi:6']);
  });
});

describe('watchesPlant', () => {
  it('is for supervisors, planners, schedulers and administrators, not operators', () => {
    expect(watchesPlant(flags('supervisor'))).toBe(true);
    expect(watchesPlant(flags('viewScheduling'))).toBe(true);
    expect(watchesPlant(flags('mesAdministrator'))).toBe(true);
    expect(watchesPlant(flags('accessManufacturing'))).toBe(false);
    expect(watchesPlant(flags('accessPm', 'projectManagement'))).toBe(false);
  });
});

describe('mayOpenPath', () => {
  it('reads the screen of an address, query left out', () => {
    expect(mayOpenPath('/payroll?week=2026-11-16', flags('viewPayroll'))).toBe(true);
    expect(mayOpenPath('/payroll?week=2026-11-16', flags('lockPayroll'))).toBe(false);
    expect(mayOpenPath('/tv/maintenance/womonitor/6', flags())).toBe(true);
    expect(mayOpenPath('/no/such/screen', flags('viewPayroll'))).toBe(false);
  });
});

describe('shortcutsFrom', () => {
  const views = [
    { Path: '/intro', Views: 40 },
    { Path: '/productionplans', Views: 12 },
    { Path: '/tv/kpimonitor/1', Views: 9 },
    { Path: '/scheduling/plant', Views: 7 },
    { Path: '/productionplan/J240001', Views: 5 },
    { Path: '/productionplans/', Views: 4 },
    { Path: '/weather', Views: 3 },
    { Path: '/no/such/screen', Views: 2 },
  ];

  it('keeps built screens the user may still open, most viewed first, never Intro nor a TV board', () => {
    expect(shortcutsFrom(views, flags('viewProductionPlans'))).toEqual([
      { Path: '/productionplans', RouteName: 'Production Plans', Views: 12 },
      { Path: '/productionplan/J240001', RouteName: 'Production Plan', Views: 5 },
    ]);
  });

  it('drops a screen whose flag was taken away, and stops at the limit', () => {
    const both = flags('viewProductionPlans', 'viewScheduling');
    expect(shortcutsFrom(views, both).map((s) => s.Path)).toEqual([
      '/productionplans',
      '/scheduling/plant',
      '/productionplan/J240001',
    ]);
    expect(shortcutsFrom(views, both, 1).map((s) => s.Path)).toEqual(['/productionplans']);
    expect(shortcutsFrom(views, flags())).toEqual([]);
  });
});
