/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go binary embeds dist/ and serves index.html for unknown non-API paths,
// so the app uses BrowserRouter with base '/'.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      // FORMWORK_API points the dev server at another formwork (the e2e test's dev mode).
      '/api': process.env.FORMWORK_API ?? 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // Upper bounds for a busy machine (shared cores); a test that passes takes far less.
    testTimeout: 20_000,
  },
});
