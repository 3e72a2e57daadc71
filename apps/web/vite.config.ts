import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const SHELL =
  /node_modules\/(i18next|react-i18next)\/|src\/(constants\.ts|shared\/(storage\/local|session\/(store|session-actions)|config\/(brand|paths)|routing\/shell|platform\/mobile-header)\.tsx?$)/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells scripts/web-bundle.ts which chunks each route loads (its budgets, decision 0760).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The shell every screen runs in (texts, session, brand, page title) is one chunk: a lazy chunk that
          // imports only part of it otherwise splits it in pieces, each compressed alone (+0.5 KB on every first
          // load, seen when /playback's dialogs and multi-camera view became lazy: decision 0767).
          groups: [{ name: 'shell', test: SHELL }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom per worker, not per file: building it was 80 % of these tests' time (decision 0022). The files
    // pass in any order sharing it (checked with --sequence.shuffle.files); a test that leaves global state behind
    // (a language, a stored login) must restore it.
    isolate: false,
  },
});
