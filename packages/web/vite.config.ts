import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` and `vite preview` send /api to a running server (npm start: port 3000).
const api = { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' };

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    // Every browser we support preloads modules natively; the polyfill costs the first screen 0.7 KB.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // Logos stay files: inlined, all four brands' logos would ride in every page's script.
    assetsInlineLimit: (file) => (file.includes('/assets/logos/') ? false : undefined),
  },
});
