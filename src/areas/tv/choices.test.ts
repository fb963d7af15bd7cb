import { describe, expect, it } from 'vitest';
import { boardPath, choiceOfPath, paramError, tvChoices } from './choices';

const choice = (title: string) => {
  const c = tvChoices.find((x) => x.route.title === title);
  if (!c) throw new Error(`no TV board ${title}`);
  return c;
};

describe('/tv/start choices', () => {
  it('lists every TV board of the route table but the chooser, with its parameter', () => {
    expect(tvChoices.some((c) => c.route.path === '/tv/start')).toBe(false);
    expect(choice('TV Painting').param).toBe('resourceId');
    expect(choice('KPI Monitor').param).toBe('plantId');
    expect(choice('TV Scoreboard').param).toBe('bayNumber');
    expect(choice('Curing').param).toBe('locationId');
    // No parameter in the address, but one plant: in the query.
    expect(choice('Faceboard')).toMatchObject({ param: 'plantId', inQuery: true });
    expect(choice('TV Maintenance Calendar')).toMatchObject({ param: 'plantId', inQuery: true });
    expect(choice('KPI Monitor').inQuery).toBe(false);
  });

  it('checks each parameter', () => {
    expect(paramError('plantId', '6')).toBeNull();
    expect(paramError('plantId', '99')).toBe('Choose a plant from the list.');
    expect(paramError('plantId', '')).toBe('Choose a plant from the list.');
    expect(paramError('bayNumber', '12')).toBeNull();
    expect(paramError('bayNumber', '0')).toBe('A bay is a number from 1 to 999.');
    expect(paramError('bayNumber', '1000')).toBe('A bay is a number from 1 to 999.');
    expect(paramError('resourceId', ' lv-cut01 ')).toBeNull();
    expect(paramError('resourceId', 'a/b')).toBe('A resource is 1 to 20 letters, digits, - or _.');
    expect(paramError('locationId', 'x'.repeat(21))).toBe('A location is 1 to 20 letters, digits, - or _.');
  });

  it('builds the address (resources in capitals) and finds the board of a remembered one', () => {
    expect(boardPath(choice('TV Painting'), ' lv-paint01 ')).toBe('/tv/painting/LV-PAINT01');
    expect(boardPath(choice('KPI Monitor'), '6')).toBe('/tv/kpimonitor/6');
    expect(boardPath(choice('Faceboard'), '2')).toBe('/tv/faceboard?plant=2');
    expect(choiceOfPath('/tv/faceboard?plant=2')?.route.title).toBe('Faceboard');
    expect(choiceOfPath('/tv/painting/LV-PAINT01')?.route.title).toBe('TV Painting');
    expect(choiceOfPath('/tv/maintenance/womonitor/2')?.route.title).toBe('Work Order Monitor');
    expect(choiceOfPath('/tv/nothing')).toBeNull();
  });
});
