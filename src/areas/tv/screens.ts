/**
 * The TV area's screens, loaded as one chunk when the first of them opens (src/app/screens.ts). The
 * frame (TvBoard, useTvTopic) is what every board is built on: see ./README.md.
 */

export { FaceboardPage } from './faces/FaceboardPage';
export { ProductionMonitorPage } from './production/ProductionMonitorPage';
export { TvRemotePage } from './remote/TvRemotePage';
export { TvStartPage } from './TvStartPage';
