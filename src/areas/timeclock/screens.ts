/** The time-clock screens of the boards and analysis (/boards/faces, /boards/facehistory, /analysis/clocks, /analysis/timecards), one lazily loaded chunk. */
export { ClockAnalysisPage } from './ClockAnalysisPage';
export { FaceHistoryPage } from './FaceHistoryPage';
export { FacesBoardPage } from './FacesBoardPage';
export { TimecardsPage } from './TimecardsPage';
