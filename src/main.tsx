import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/App';
import './app/app.css';
import { startAppI18n } from './i18n';

void createApp().then((app) => {
  // The user's language, its translations, and live updates of them (src/i18n/README.md).
  startAppI18n(app.services);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
});

// The app-shell worker lets a tab reload without a network (pending edits wait in IndexedDB). Only in
// a built app, and only where browsers allow workers (https, localhost).
if (import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error) => console.warn('Service worker not registered', error));
}
