/**
 * Spec 000 §9 (and §2.4, §3.2) constants of the shared widgets, in one place so a widget and its test
 * name the same number. Values are the spec's; the names say where each one is used.
 */
import { WireConstants } from '../../domain/contract/wire';

/** §9: toasts close themselves after this long unless hovered. */
export const TOAST_TIMEOUT_MS = 3000;
/** §9: the toast container is at most this wide (px). */
export const TOAST_MAX_WIDTH = 350;
/** §9: window resizes are acted on this long after the last resize event. */
export const RESIZE_DEBOUNCE_MS = 250;

/** §9: alert boxes are 350–450 px wide and at most 300 px high (the message scrolls). */
export const ALERT_MIN_WIDTH = 350;
export const ALERT_MAX_WIDTH = 450;
export const ALERT_MAX_HEIGHT = 300;

/** §9: a modal's z-index is this plus the number of open modals; its backdrop is one lower. */
export const MODAL_BASE_Z = 101;
/** §9: the after-hide event fires this long after a modal hides (the legacy fade-out). */
export const MODAL_AFTER_HIDE_MS = 250;
/** §2.4/§9: a maximized modal takes this share of the window in both directions. */
export const MODAL_MAXIMIZED = 0.9;
/** §2.4: a modal is at most the window height minus this (px). */
export const MODAL_HEIGHT_MARGIN = 80;

/** §2.4: tooltip width (px) and the hover delay before it shows. */
export const TOOLTIP_WIDTH = 500;
export const TOOLTIP_DELAY_MS = 500;

/**
 * §8/§9: a screen chunk that has not loaded after this long fails as ChunkLoadError; §2.3/§9: the
 * save-wait poll and its limit. The numbers live in the shared wire constants (the machines use them
 * too); these names only give widgets the same import as the rest.
 */
export const CHUNK_LOAD_TIMEOUT_MS = WireConstants.chunkLoadTimeoutMs;
export const SAVE_WAIT_POLL_MS = WireConstants.saveWaitPollMs;
export const SAVE_WAIT_MAX_MS = WireConstants.saveWaitMaxMs;

/** §9: the app version string shown to people. */
export const APP_VERSION = '1.1420.0';

/** §9: phone is below 600 px; tablet 600–1024 px; mobile is at or below 1024 px. */
export const PHONE_MAX_WIDTH = 599;
export const TABLET_MIN_WIDTH = 600;
export const TABLET_MAX_WIDTH = 1024;
export const MOBILE_MAX_WIDTH = 1024;

/** §2.4: avatar sizes (px). */
export const AVATAR_SIZES = { xs: 20, s: 30, default: 45, l: 60, xl: 90 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** §9: currency and percentage inputs default to 2 decimals; other numbers to 0 (§5). */
export const CURRENCY_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;
export const DEFAULT_DECIMALS = 0;

/** §9: file sizes are shown in these units, each 1024 times the one before. */
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
