import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react()],
  // The manifest lets scripts/build-report.mjs measure what /pages/login loads.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    // `npm run dev`: Vite serves the client with reload and hands API, hub and files to the server.
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/hub': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  test: {
    // Dates follow the plant time zones (spec 000 §9); tests must not depend on the machine's zone.
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{bench,domain,machines,projections,server,src}/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-pglite',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          env: { TZ: 'UTC', TEST_DB: 'pglite', SCRYPT_LOG_N: '10' },
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['tests/support/db-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-postgres',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          env: { TZ: 'UTC', TEST_DB: 'postgres', SCRYPT_LOG_N: '10' },
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['tests/support/db-template.ts'],
        },
      },
    ],
  },
});
