import { describe, expect, it } from 'vitest';
import { breakpointOf, isMobileWidth } from './breakpoints';

describe('breakpoints (spec 000 §9)', () => {
  it('phone below 600, tablet 600–1024, desktop above', () => {
    expect(breakpointOf(320)).toBe('phone');
    expect(breakpointOf(599)).toBe('phone');
    expect(breakpointOf(600)).toBe('tablet');
    expect(breakpointOf(1024)).toBe('tablet');
    expect(breakpointOf(1025)).toBe('desktop');
  });
  it('mobile at or below 1024', () => {
    expect(isMobileWidth(1024)).toBe(true);
    expect(isMobileWidth(500)).toBe(true);
    expect(isMobileWidth(1025)).toBe(false);
  });
});
