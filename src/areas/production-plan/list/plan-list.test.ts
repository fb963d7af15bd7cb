import { describe, expect, it } from 'vitest';
import { dueDateText, nextPageSkip, readListQuery, reviewStateText, writeListQuery } from './plan-list';

describe('plan list query in the URL', () => {
  it("defaults to the user's plant, no search and every status", () => {
    expect(readListQuery(new URLSearchParams(''), 2)).toEqual({ plantId: 2, search: '', status: 'all' });
  });

  it('reads a plant, every plant, the search and a known status; ignores an unknown status', () => {
    expect(readListQuery(new URLSearchParams('plant=6&q=BM-4814&status=reviewed'), 1)).toEqual({
      plantId: 6,
      search: 'BM-4814',
      status: 'reviewed',
    });
    expect(readListQuery(new URLSearchParams('plant=all&status=bogus'), 1)).toEqual({
      plantId: null,
      search: '',
      status: 'all',
    });
    expect(readListQuery(new URLSearchParams('plant=x'), 3).plantId).toBe(3);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeListQuery({ plantId: 1, search: '', status: 'all' }, 1).toString()).toBe('');
    const params = writeListQuery({ plantId: null, search: 'beam', status: 'hold' }, 1);
    expect(params.toString()).toBe('plant=all&q=beam&status=hold');
    expect(readListQuery(params, 1)).toEqual({ plantId: null, search: 'beam', status: 'hold' });
    expect(writeListQuery({ plantId: 2, search: '  ', status: 'all' }, 1).toString()).toBe('plant=2');
  });
});

describe('plan list cells', () => {
  it("shows a due date as the same calendar day in the plant's time zone", () => {
    expect(dueDateText('2026-12-01', 1)).toBe('Dec-1-26'); // New York
    expect(dueDateText('2026-12-01', 2)).toBe('Dec-1-26'); // Boise
    expect(dueDateText(null, 1)).toBe('');
  });

  it('names the review state', () => {
    expect(reviewStateText({ ReadyForReview: false, PlanReviewedAt: null })).toBe('Not ready');
    expect(reviewStateText({ ReadyForReview: true, PlanReviewedAt: null })).toBe('Ready for review');
    expect(reviewStateText({ ReadyForReview: true, PlanReviewedAt: '2026-11-01T10:00:00Z' })).toBe(
      'Reviewed',
    );
  });
});

describe('paging as the user scrolls', () => {
  it('asks for the first page before the total is known, once', () => {
    expect(nextPageSkip(0, 0, null, false)).toBe(0);
    expect(nextPageSkip(0, 0, null, true)).toBeNull();
  });

  it('asks for the next page near the end of what is loaded, never past the total', () => {
    expect(nextPageSkip(10, 100, 2000, false)).toBeNull();
    expect(nextPageSkip(80, 100, 2000, false)).toBe(100);
    expect(nextPageSkip(150, 100, 2000, false)).toBe(100);
    expect(nextPageSkip(150, 100, 2000, true)).toBeNull();
    expect(nextPageSkip(1999, 2000, 2000, false)).toBeNull();
    expect(nextPageSkip(0, 0, 0, false)).toBeNull();
  });
});
