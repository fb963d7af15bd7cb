/**
 * The help system (spec 000 §1, §2.3, §4): per-screen videos and procedure links, tip panels, and the
 * screens that maintain them.
 *
 * - On every route change the router calls `services.help.load(routeName)` (skipped for Login).
 * - The shell header shows `<HelpMenu />`.
 * - Screens: VideoEditorPage (/videoeditor), SopEditorPage (/sopeditor), VideoBrowserPage (/videobrowser).
 * - A screen shows a tip with `<HelpTip tipKey="…">…</HelpTip>`.
 */
export { HelpLinkEditor, SopEditorPage, VideoEditorPage } from './HelpLinkEditor';
export { HelpMenu, type HelpMenuProps } from './HelpMenu';
export { HelpTip, type HelpTipProps } from './HelpTip';
export { useRouteHelp, useTipState } from './hooks';
export {
  type HelpLinkItem,
  loadHelpForRoute,
  type RouteHelp,
  type RouteHelpState,
  type RouteHelpStore,
  routeHasHelp,
} from './route-help';
export { createHelpServices, type HelpServices } from './services';
export { type TipStore, tipId } from './tips';
export { VideoBrowserPage } from './VideoBrowserPage';
