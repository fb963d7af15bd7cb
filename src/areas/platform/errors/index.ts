/**
 * Runtime error reporting (spec 000 §8) and IT's list of what was reported.
 *
 * - At start-up: `installErrorReporting({ api: services.backgroundApi, getUser })`.
 * - React error boundaries: `reportError(error)`.
 * - Screen: ClientErrorsPage (/clienterrors, General area).
 */
export { browserName, CLIENT_ERRORS_PAGE_SIZE, ClientErrorsPage } from './ClientErrorsPage';
export {
  describeError,
  type ErrorReporter,
  type ErrorReportingOptions,
  installErrorReporting,
  type ReportingUser,
  reportError,
} from './error-reporting';
