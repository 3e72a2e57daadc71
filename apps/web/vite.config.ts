import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

const SHELL =
  /src\/(constants\.ts|shared\/(i18n\/(translator|use-translation)|storage\/local|session\/(store|session-actions)|config\/(brand|paths)|routing\/shell|platform\/mobile-header)\.tsx?$|app\/routes\/(flat-routes|route-table)\.ts$)/;

/**
 * The stylesheet (the one file that holds up the first paint) first in the page's head, before the entry and its
 * modulepreloads: Vite puts it last, and the browser asked for it after 16 scripts (decision 0878).
 */
const stylesheetFirst: Plugin = {
  name: 'vigil-stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
      let out = html;
      for (const l of links) out = out.replace(l, '');
      return out.replace(
        /(\s*)<script type="module"/,
        (m, ws: string) => `${links.map((l) => ws + l.trim()).join('')}${m}`,
      );
    },
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetFirst],
  // The manifest tells scripts/web-bundle.ts which chunks each route loads (its budgets, decision 0760).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The shell every screen runs in (texts, session, brand, page title, the route table) is one chunk: a lazy chunk that
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
