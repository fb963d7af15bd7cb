import { describe, expect, it, vi } from 'vitest';
import { movePick, PickLabels, splitName } from './pick-state';

describe('movePick (the picker list keyboard)', () => {
  it('steps down and up, wrapping at both ends', () => {
    expect(movePick(-1, 3, 'ArrowDown')).toBe(0);
    expect(movePick(0, 3, 'ArrowDown')).toBe(1);
    expect(movePick(2, 3, 'ArrowDown')).toBe(0);
    expect(movePick(0, 3, 'ArrowUp')).toBe(2);
    expect(movePick(-1, 3, 'ArrowUp')).toBe(2);
    expect(movePick(2, 3, 'ArrowUp')).toBe(1);
  });
  it('jumps with Home and End, and takes no other key', () => {
    expect(movePick(1, 5, 'Home')).toBe(0);
    expect(movePick(1, 5, 'End')).toBe(4);
    expect(movePick(1, 5, 'a')).toBeNull();
  });
  it('does nothing on an empty list', () => {
    expect(movePick(-1, 0, 'ArrowDown')).toBeNull();
  });
});

describe('PickLabels', () => {
  it('asks once per kind and id, and again after a failure', async () => {
    const ask = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ ID: 7, Label: 'Dana Whitfield' });
    const labels = new PickLabels(ask);
    await expect(labels.get('employee', 7)).rejects.toThrow('offline');
    await Promise.resolve();
    expect((await labels.get('employee', 7))?.Label).toBe('Dana Whitfield');
    await labels.get('employee', '7');
    expect(ask).toHaveBeenCalledTimes(2);
    await labels.get('office', 7);
    expect(ask).toHaveBeenCalledTimes(3);
  });
  it('knows a chosen option without asking', async () => {
    const ask = vi.fn();
    const labels = new PickLabels(ask);
    labels.remember('job', { ID: 'J-1', Label: 'J-1' });
    expect((await labels.get('job', 'J-1'))?.Label).toBe('J-1');
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('splitName', () => {
  it('takes the first and last words for initials', () => {
    expect(splitName('Dana  Whitfield')).toEqual({ FirstName: 'Dana', LastName: 'Whitfield' });
    expect(splitName('Cher')).toEqual({ FirstName: 'Cher', LastName: '' });
  });
});
