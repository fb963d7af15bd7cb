/**
 * The TV area's screens, loaded as one chunk when the first of them opens (src/app/screens.ts). The
 * frame (TvBoard, useTvTopic) is what every board is built on: see ./README.md.
 */

// TV painting, scoreboard and KPI boards (issue 7 parts 2-3).
export { TvKpiPage } from './kpi/TvKpiPage';
export { TvPaintingPage } from './painting/TvPaintingPage';
export { TvScoreboardPage } from './scoreboard/TvScoreboardPage';
export { TvStartPage } from './TvStartPage';
