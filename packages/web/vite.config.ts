import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { startAfterPaint } from './build/start-after-paint';

// `vite` and `vite preview` send /api to a running server (npm start: port 3000).
const api = { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' };

/**
 * The start screen (/) and its widget kind, with everything they import that the entry does
 * not: the step frame, the form, the radio group. main.tsx loads them before its first render,
 * so they are part of the first screen in any case; as one chunk rather than seven small ones
 * they compress better (first screen 95.5 → 94.0 KB gzip). They stay out of the entry's own
 * file, which pages that are no journey step also run
 * (docs/decisions/0029-start-screen-in-one-chunk.md).
 */
const START_SCREEN =
  /[\\/]src[\\/]features[\\/]steps[\\/](screens[\\/]start|widgets[\\/]kinds[\\/]choice)\.tsx$/;

export default defineConfig({
  plugins: [react(), startAfterPaint()],
  resolve: { conditions: ['source'] },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    // No preload helper for lazy chunks: its list of every chunk and their imports costs the
    // first screen 1.5 KB gzip. The next screens are fetched ahead instead (the step screen
    // preloads the step that follows), and index.html preloads the app itself (build/start-after-paint.ts).
    modulePreload: false,
    // Maps are written for the bench's attribution (read from disk) and named by no script; the
    // server refuses to serve them (docs/security.md).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Everything the entry imports stays in the entry's own file: split into shared chunks
        // (as the bundler otherwise does), the first screen's script is 1.8 KB gzip larger.
        // The start screen's chunks are grouped too (START_SCREEN above).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'start-screen', test: START_SCREEN },
          ],
        },
      },
    },
    // Logos stay files: inlined, all four brands' logos would ride in every page's script.
    assetsInlineLimit: (file) => (file.includes('/assets/logos/') ? false : undefined),
  },
});
