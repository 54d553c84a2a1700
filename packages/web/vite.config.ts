// Build and dev-server settings of the web app. The dev server proxies /api to the portal server so that
// the app, its XSRF-TOKEN cookie and the API share one origin, as they do in production.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The libraries every page needs go in chunks of their own, split by how often each changes, so that an
// upgrade invalidates one file only. Mantine is left to the default splitting: its components then travel
// with the lazy pages that use them, and the first page loads only the few it shows.
// The contract's files each go in a chunk of their own: a page loads the schemas of its own area (and the
// message catalogue) rather than every area's, which the default splitting would put in one shared chunk.
// The endpoint tables (src/endpoints/<area>.ts) likewise, one chunk per area.
const contractFile = /[\\/]packages[\\/]contract[\\/]src[\\/]((?:endpoints[\\/])?[\w-]+)\.ts$/;
const contractBaseFile = /[\\/]packages[\\/]contract[\\/]src[\\/](common-messages|device-messages|messages|rules|input|errors|auth|endpoint)\.ts$/;
const contractChunkName = (id: string) => {
  const file = contractFile.exec(id)?.[1];
  return file ? `contract-${file.replace(/[\\/]/, '-')}` : null;
};
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
  // Apart from each other: the sign-in page loads zod but not TanStack Query (app/server-state.ts), only the
  // context its providers hold, which goes in a chunk of its own before the query chunk takes it in as a
  // dependency of the hooks.
  { name: 'query-context', test: /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js$/, priority: 15 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 10 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 10 },
  // With the contract's phone rule (phone.ts) and only there: the forms with a phone field load it.
  { name: 'contract-phone', test: /[\\/](node_modules[\\/]libphonenumber-js|packages[\\/]contract[\\/]src[\\/]phone\.ts$)/, priority: 7 },
  // The files every area's schemas build on go first, each in its chunk: a group takes in the files its own
  // files import, so the first area's chunk (account-security, alphabetically) would otherwise carry them and
  // every page would load that area's schemas too.
  { debugName: 'contract-base', name: contractChunkName, test: contractBaseFile, priority: 6 },
  // Without the files they import: an area's chunk taking in the areas it names (the users area, and with it
  // the phone-number rule) would load those with every page of the area. The contract is side-effect free,
  // so the order in which its chunks run does not matter.
  { debugName: 'contract', name: contractChunkName, test: contractFile, priority: 5, includeDependenciesRecursively: false },
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
    // A lazy import (a page, the booking form) fetches the chunk's stylesheets first, as Vite does, but not a
    // preload link per script it imports: the browser asks for a chunk's imports itself as it reads the chunk,
    // and appending the links (some forty for the booking form) took 40 to 60 ms of the main thread in one
    // task, just after the page had shown. The entry's own scripts are still preloaded from index.html.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
