/**
 * The platform area's screens, loaded as one chunk when the first of them opens (the route table's
 * `screen` keys map here through src/app/screens.ts). Login and Not Found are not here: they are part
 * of the first load.
 */

export { DatabaseCatalogPage } from './admin/DatabaseCatalogPage';
export { ApiBrowserPage } from './apibrowser/ApiBrowserPage';
export { InventoryAlertsPage, LoginMessagesPage, NewsEditorPage, TvAlertsPage } from './ConfigPages';
export { ConnectionsPage } from './ConnectionsPage';
export { DevicesPage } from './DevicesPage';
export { AllEmployeesPage, EmployeesPage, OfficesPage, SupervisorsPage } from './EmployeesPage';
export { ClientErrorsPage } from './errors/ClientErrorsPage';
export { BarcodesPage } from './hardware/BarcodesPage';
export { PlcsPage } from './hardware/PlcsPage';
export { PrintersPage } from './hardware/PrintersPage';
export { ThresholdsPage } from './hardware/ThresholdsPage';
export { SopEditorPage, VideoBrowserPage, VideoEditorPage } from './help';
export { IntroPage } from './IntroPage';
export { ScreenViewerPage } from './ScreenViewerPage';
export { SettingsPage } from './SettingsPage';
export { GlobalSearchPage } from './search/GlobalSearchPage';
export { TranslationsPage } from './TranslationsPage';
export { WidgetGalleryPage } from './WidgetGalleryPage';
