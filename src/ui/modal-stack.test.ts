import { describe, expect, it } from 'vitest';
import { backdropZIndex, createModalStack, maximizedSize, modalMaxHeight, modalZIndex } from './modal-stack';

describe('modal stack rules (spec 000 §2.4, §9)', () => {
  it('z-index is 101 plus the open modals, backdrop one lower', () => {
    expect(modalZIndex(1)).toBe(102);
    expect(backdropZIndex(1)).toBe(101);
    expect(modalZIndex(2)).toBe(103);
    expect(backdropZIndex(2)).toBe(102);
  });
  it('maximized is 90% of the window', () => {
    expect(maximizedSize({ width: 1000, height: 800 })).toEqual({ width: 900, height: 720 });
  });
  it('caps the height at the window height minus 80', () => {
    expect(modalMaxHeight(800)).toBe(720);
    expect(modalMaxHeight(50)).toBe(0);
  });
  it('counts open modals and releases them', () => {
    const stack = createModalStack();
    const a = stack.open();
    const b = stack.open();
    expect([a.depth, b.depth]).toEqual([1, 2]);
    a.release();
    expect(stack.count()).toBe(1);
    a.release();
    expect(stack.count()).toBe(1);
    b.release();
    expect(stack.open().depth).toBe(1);
  });
});
