/** The shop-floor tablet screens (/manufacturing), one lazily loaded chunk. */
export { ClocksPage } from './ClocksPage';
export { TwoHourCheckPage } from './checks/TwoHourCheckPage';
export { TwoHourChecksQueuePage } from './checks/TwoHourChecksQueuePage';
export { DowntimePage } from './DowntimePage';
export { MyActivityPage } from './MyActivityPage';
