import { describe, expect, it } from 'vitest';
import { containsPattern, planListQuery, planListWhere } from './plan-list.repository';

describe('plan list query building', () => {
  it('has no WHERE without filters, and pages with the first two parameters', () => {
    expect(planListWhere({ plantId: null, search: null, status: 'all' })).toEqual({ where: '', params: [] });
    const q = planListQuery({ plantId: null, search: null, status: 'all' }, 200, 100);
    expect(q.params).toEqual([200, 100]);
    expect(q.text).toContain('OFFSET $1 LIMIT $2');
    expect(q.text).toContain('ORDER BY j.due_date ASC NULLS LAST, j.job_number ASC');
  });

  it('numbers the plant, the search pattern, then skip and take', () => {
    const q = planListQuery({ plantId: 2, search: 'bm-4814', status: 'all' }, 0, 50);
    expect(q.params).toEqual([2, '%bm-4814%', 0, 50]);
    expect(q.text).toContain('j.plant_id = $1');
    expect(q.text).toContain('j.job_number ILIKE $2 OR j.part_num ILIKE $2 OR pt.description ILIKE $2');
    expect(q.text).toContain('j.customer_name ILIKE $2');
    expect(q.text).toContain('OFFSET $3 LIMIT $4');
  });

  it('searches without a plant from $1, trims the search and ignores a blank one', () => {
    expect(planListWhere({ plantId: null, search: '  J24 ', status: 'all' }).params).toEqual(['%J24%']);
    expect(planListWhere({ plantId: null, search: '   ', status: 'all' })).toEqual({ where: '', params: [] });
  });

  it('adds each status condition, without a parameter', () => {
    const where = (status: 'notReady' | 'readyForReview' | 'reviewed' | 'hold') =>
      planListWhere({ plantId: 1, search: null, status });
    expect(where('notReady')).toEqual({
      where: 'WHERE j.plant_id = $1 AND NOT p.ready_for_review',
      params: [1],
    });
    expect(where('readyForReview').where).toContain('p.ready_for_review AND p.plan_reviewed_at IS NULL');
    expect(where('reviewed').where).toContain('p.plan_reviewed_at IS NOT NULL');
    expect(where('hold').where).toContain('j.fabrication_hold');
  });

  it('takes % _ and \\ in a search literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
