/** The shop-floor tablet screens (/manufacturing), one lazily loaded chunk. */
export { ClocksPage } from './ClocksPage';
export { TwoHourCheckPage } from './checks/TwoHourCheckPage';
export { TwoHourChecksQueuePage } from './checks/TwoHourChecksQueuePage';
export { DowntimePage } from './DowntimePage';
export { MenuPage } from './MenuPage';
export { MyActivityPage } from './MyActivityPage';
// The painting tablet screens (issue 7 part 2).
export { PaintingPage } from './painting/PaintingPage';
export { ViscosityReportPage } from './painting/ViscosityReportPage';
export { RecordMultiCompletionsPage } from './RecordMultiCompletionsPage';
export { StartDirectActivityPage } from './StartDirectActivityPage';
// Time clock (issue 7 part 1): the operator's own time and the plant's faces on a tablet.
export { MyTimePage } from './time/MyTimePage';
export { ShopFacesPage } from './time/ShopFacesPage';
