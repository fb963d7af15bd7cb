/** The shop-floor tablet screens (/manufacturing), one lazily loaded chunk. */
export { ClocksPage } from './ClocksPage';
export { DowntimePage } from './DowntimePage';
export { MyActivityPage } from './MyActivityPage';
// The painting tablet screens (issue 7 part 2).
export { PaintingPage } from './painting/PaintingPage';
export { ViscosityReportPage } from './painting/ViscosityReportPage';
