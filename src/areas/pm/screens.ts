/** The PM area's screens, one lazily loaded chunk. */
export { PmOrderLoadingPage } from './PmOrderLoadingPage';
