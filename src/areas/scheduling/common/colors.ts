import type { ScheduleColor } from '../../../../domain/scheduling/entities';

/** Spec 001 §3's schedule colours as swatches; `n/a` is no colour (null). */
export const colorHex: Record<ScheduleColor, string | null> = {
  'n/a': null,
  Green: '#12b76a',
  Yellow: '#fdb022',
  Blue: '#2e90fa',
  Red: '#f04438',
  Pink: '#ee46bc',
  Purple: '#7a5af8',
};
