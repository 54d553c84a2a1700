// Builds the stack's floor (sign-in-form.tsx) into the folder given with --outDir, minified as the app is.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'] },
  build: {
    target: 'es2022',
    emptyOutDir: true,
    rolldownOptions: { input: fileURLToPath(new URL('./sign-in-form.tsx', import.meta.url)) },
  },
});
