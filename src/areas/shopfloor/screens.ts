/** The shop-floor tablet screens (/manufacturing), one lazily loaded chunk. */
export { ClocksPage } from './ClocksPage';
export { DowntimePage } from './DowntimePage';
export { MenuPage } from './MenuPage';
export { MyActivityPage } from './MyActivityPage';
export { StartDirectActivityPage } from './StartDirectActivityPage';
