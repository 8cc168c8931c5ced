import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` sends /api to a running server (npm start: port 3000).
const api = { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' };

// The staff app's own bundle, served by the server at /back-office/ with its own CSP
// (docs/back-office.md). Nothing of it is ever referenced by the applicant's app.
export default defineConfig({
  base: '/back-office/',
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: { proxy: api },
  // Maps for local tools only: named by no script, never served (docs/security.md).
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
