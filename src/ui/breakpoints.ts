/**
 * Breakpoints (spec 000 §9): phone below 600 px, tablet 600–1024 px, desktop above; "mobile" is at or
 * below 1024 px (phone or tablet). Pure, so the useBreakpoint hook and layout code agree.
 */
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH, TABLET_MIN_WIDTH } from './constants';

export type Breakpoint = 'phone' | 'tablet' | 'desktop';

export function breakpointOf(width: number): Breakpoint {
  if (width < TABLET_MIN_WIDTH) return 'phone';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}
