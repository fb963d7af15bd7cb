import { describe, expect, it } from 'vitest';
import { shouldApply } from './display';

const command = {
  DisplayID: '482913',
  Path: '/tv/kpimonitor/1',
  SentBy: 'Sam Super',
  SentAt: '2026-11-25T10:00:00.000Z',
};

describe('TV remote on the TV', () => {
  it('applies a command newer than the last board taken, unless the TV is there already', () => {
    expect(shouldApply(command, null, '/tv/faceboard?plant=1')).toBe(true);
    expect(shouldApply(command, '2026-11-25T09:59:59.000Z', '/tv/faceboard?plant=1')).toBe(true);
    expect(shouldApply(command, null, '/tv/kpimonitor/1')).toBe(false);
  });
  it('ignores a command older than (or as old as) a board chosen on the TV since', () => {
    expect(shouldApply(command, '2026-11-25T10:00:00.000Z', '/tv/faceboard?plant=1')).toBe(false);
    expect(shouldApply(command, '2026-11-25T10:05:00.000Z', '/tv/faceboard?plant=1')).toBe(false);
  });
});
