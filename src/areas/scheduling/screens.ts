/** The scheduling area's screens, one lazily loaded chunk. */
export { AdherencePage } from './adherence/AdherencePage';
export { ScheduleByDayPage } from './byday/ScheduleByDayPage';
export { PlantSchedulePage } from './plant/PlantSchedulePage';
export { SchedulingReportPage } from './report/SchedulingReportPage';
export { SchedulingSettingsPage } from './settings/SchedulingSettingsPage';
export { SummaryPage } from './summary/SummaryPage';
export { UnscheduledPage } from './unscheduled/UnscheduledPage';
