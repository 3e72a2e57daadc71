import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells scripts/web-bundle.ts which chunks each route loads (its budgets, decision 0760).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
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
