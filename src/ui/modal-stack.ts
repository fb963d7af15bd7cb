/**
 * Modal stacking and sizing (spec 000 §2.4, §9): a modal's z-index is 101 plus the number of open
 * modals (itself included), its backdrop one lower; maximized is 90% of the window; the height is
 * capped at the window height minus 80 px. The stack is a tiny store so the number is global across
 * every Modal on the page, not per component.
 */
import { MODAL_BASE_Z, MODAL_HEIGHT_MARGIN, MODAL_MAXIMIZED } from './constants';

/** `openCount` counts the modal itself: the first modal is 102 over a 101 backdrop. */
export function modalZIndex(openCount: number): number {
  return MODAL_BASE_Z + openCount;
}

export function backdropZIndex(openCount: number): number {
  return modalZIndex(openCount) - 1;
}

export function maximizedSize(win: { width: number; height: number }): { width: number; height: number } {
  return { width: Math.round(win.width * MODAL_MAXIMIZED), height: Math.round(win.height * MODAL_MAXIMIZED) };
}

export function modalMaxHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - MODAL_HEIGHT_MARGIN);
}

export interface ModalStack {
  /** Registers an opening modal; answers its place (1 for the first) and a release for its closing. */
  open(): { depth: number; release: () => void };
  count(): number;
}

export function createModalStack(): ModalStack {
  const open = new Set<symbol>();
  return {
    open() {
      const token = Symbol('modal');
      open.add(token);
      // The depth is fixed at opening: a lower modal closing must not drop an upper one behind others.
      return { depth: open.size, release: () => void open.delete(token) };
    },
    count: () => open.size,
  };
}

/** The page's one stack, shared by every Modal. */
export const modalStack = createModalStack();
