/**
 * The TV area's screens, loaded as one chunk when the first of them opens (src/app/screens.ts). The
 * frame (TvBoard, useTvTopic) is what every board is built on: see ./README.md.
 */

export { TvCuringPage } from './curing/CuringPage';
export { FaceboardPage } from './faces/FaceboardPage';
// TV painting, scoreboard and KPI boards (issue 7 parts 2-3).
export { TvKpiPage } from './kpi/TvKpiPage';
export { TvFixtureRequestsPage } from './maintenance/FixtureRequestsPage';
export { TvPmCalendarPage } from './maintenance/PmCalendarPage';
export { TvWorkOrderMonitorPage } from './maintenance/WorkOrderMonitorPage';
export { TvPaintingPage } from './painting/TvPaintingPage';
export { ProductionMonitorPage } from './production/ProductionMonitorPage';
export { TvRemotePage } from './remote/TvRemotePage';
export { TvScoreboardPage } from './scoreboard/TvScoreboardPage';
export { TvStartPage } from './TvStartPage';
