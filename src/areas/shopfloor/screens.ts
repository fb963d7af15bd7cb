/** The shop-floor tablet screens (/manufacturing), one lazily loaded chunk. */
export { ClocksPage } from './ClocksPage';
export { DowntimePage } from './DowntimePage';
export { MyActivityPage } from './MyActivityPage';
// Time clock (issue 7 part 1): the operator's own time and the plant's faces on a tablet.
export { MyTimePage } from './time/MyTimePage';
export { ShopFacesPage } from './time/ShopFacesPage';
