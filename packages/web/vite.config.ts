// Build and dev-server settings of the web app. The dev server proxies /api to the portal server so that
// the app, its XSRF-TOKEN cookie and the API share one origin, as they do in production.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const vendorGroups = [
  // Loaded by every page; split by how often each changes so that an upgrade invalidates one file only.
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'mantine',
    test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|modals|notifications|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|react-textarea-autosize|use-callback-ref|use-sidecar|clsx|tslib|get-nonce|detect-node-es)[\\/]/,
    priority: 20,
  },
  { name: 'data', test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zod)[\\/]/, priority: 10 },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // npm keeps two copies of some Mantine packages (the workspace's and the hoisted one that
    // @mantine/dates needs); one copy is required so that every component reads the same theme context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
