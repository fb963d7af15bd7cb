import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/App';
import { installErrorReporting, reportError } from './areas/platform/errors/error-reporting';
import './app/app.css';
import { startAppI18n } from './i18n';

performance.mark('app:main');
const app = createApp({}, { reportError });
// Runtime errors go to the server with the user's name, employee id, plant and browser (spec 000 §8).
installErrorReporting({
  api: app.core.backgroundApi,
  getUser: () => app.core.session.getSnapshot().context.user,
});
// The user's language and its translations (src/i18n/README.md); live updates once the store is attached.
startAppI18n(app.core);
createRoot(document.getElementById('root')!, {
  // What an error boundary caught never reaches window 'error': report it too (and still log it).
  onCaughtError: (error, info) => {
    console.error(error, info.componentStack);
    reportError(error);
  },
}).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);

// The app-shell worker lets a tab reload without a network (pending edits wait in IndexedDB). Only in
// a built app, and only where browsers allow workers (https, localhost).
if (import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error) => console.warn('Service worker not registered', error));
}
