import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('widget constants (spec 000 §2.4, §9)', () => {
  it('are the spec values', () => {
    expect({
      toast: [C.TOAST_TIMEOUT_MS, C.TOAST_MAX_WIDTH, C.RESIZE_DEBOUNCE_MS],
      alert: [C.ALERT_MIN_WIDTH, C.ALERT_MAX_WIDTH, C.ALERT_MAX_HEIGHT],
      modal: [C.MODAL_BASE_Z, C.MODAL_AFTER_HIDE_MS, C.MODAL_MAXIMIZED, C.MODAL_HEIGHT_MARGIN],
      tooltip: [C.TOOLTIP_WIDTH, C.TOOLTIP_DELAY_MS],
      chunkAndSave: [C.CHUNK_LOAD_TIMEOUT_MS, C.SAVE_WAIT_POLL_MS, C.SAVE_WAIT_MAX_MS],
      version: C.APP_VERSION,
      breakpoints: [C.PHONE_MAX_WIDTH, C.TABLET_MIN_WIDTH, C.TABLET_MAX_WIDTH, C.MOBILE_MAX_WIDTH],
      avatars: C.AVATAR_SIZES,
      decimals: [C.CURRENCY_DECIMALS, C.PERCENT_DECIMALS, C.DEFAULT_DECIMALS],
      units: C.FILE_SIZE_UNITS,
    }).toEqual({
      toast: [3000, 350, 250],
      alert: [350, 450, 300],
      modal: [101, 250, 0.9, 80],
      tooltip: [500, 500],
      chunkAndSave: [120000, 250, 30000],
      version: '1.1420.0',
      breakpoints: [599, 600, 1024, 1024],
      avatars: { xs: 20, s: 30, default: 45, l: 60, xl: 90 },
      decimals: [2, 2, 0],
      units: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
    });
  });
});
