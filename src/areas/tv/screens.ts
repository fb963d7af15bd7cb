/**
 * The TV area's screens, loaded as one chunk when the first of them opens (src/app/screens.ts). The
 * frame (TvBoard, useTvTopic) is what every board is built on: see ./README.md.
 */

export { TvCuringPage } from './curing/CuringPage';
export { FaceboardPage } from './faces/FaceboardPage';
export { TvFixtureRequestsPage } from './maintenance/FixtureRequestsPage';
export { TvPmCalendarPage } from './maintenance/PmCalendarPage';
export { TvWorkOrderMonitorPage } from './maintenance/WorkOrderMonitorPage';
export { ProductionMonitorPage } from './production/ProductionMonitorPage';
export { TvRemotePage } from './remote/TvRemotePage';
export { TvStartPage } from './TvStartPage';
