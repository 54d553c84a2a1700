// Build and dev-server settings of the web app. The dev server proxies /api to the portal server so that
// the app, its XSRF-TOKEN cookie and the API share one origin, as they do in production.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { budgetedPageChunks } from './budgeted-page-chunks.ts';

// The libraries every page needs go in chunks of their own, split by how often each changes, so that an
// upgrade invalidates one file only. What the pages the budgets measure use besides (Mantine's components,
// the contract's files, the app's shared code) is grouped by which of those pages use each module
// (budgeted-page-chunks.ts): a dozen files for each of them rather than 40 to 75, and no module a page does
// not use. What none of them uses is left to the default splitting, a page's components traveling with it.
// The contract's files that none of those pages uses each go in a chunk of their own: a page loads the
// schemas of its own area (and the message catalogue) rather than every area's, which the default splitting
// would put in one shared chunk. The endpoint tables (src/endpoints/<area>.ts) likewise, one chunk per area.
const contractFile = /[\\/]packages[\\/]contract[\\/]src[\\/]((?:endpoints[\\/])?[\w-]+)\.ts$/;
const contractBaseFile = /[\\/]packages[\\/]contract[\\/]src[\\/](common-messages|device-messages|messages|rules|input|errors|auth|endpoint)\.ts$/;
const contractChunkName = (id: string) => {
  const file = contractFile.exec(id)?.[1];
  return file ? `contract-${file.replace(/[\\/]/, '-')}` : null;
};
const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
/**
 * The pages of the Lighthouse budgets (docs/benchmark.md), with the code each loads on a first load besides its
 * own: the booking form and its property filter come after the booking page's heading, apart, and a signed-in
 * page loads the navigation with it.
 */
const budgetedPages = budgetedPageChunks({
  signin: [src('features/auth/pages/signin-page.tsx')],
  signup: [src('features/registration/pages/signup-page.tsx')],
  booking: [src('features/reservations/pages/book-devices-page.tsx')],
  form: [src('features/reservations/components/booking-form.tsx'), src('shared/components/property-filter.tsx')],
  reservations: [src('features/reservations/pages/reservations-page.tsx')],
  nav: [src('app/navigation.tsx')],
});

const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
  // Apart from each other: the sign-in page loads zod but not TanStack Query (app/server-state.ts), only the
  // context its providers hold, which goes in a chunk of its own before the query chunk takes it in as a
  // dependency of the hooks.
  { name: 'query-context', test: /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js$/, priority: 15 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 10 },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 10 },
  // What the entry needs besides the groups above, in one chunk rather than the half dozen the default
  // splitting cuts it into (a Mantine box, the shell, the contract's files the shell reads): fewer files for
  // every first load to ask for.
  { name: 'initial', tags: ['$initial' as const], priority: 8 },
  // With the contract's phone rule (phone.ts) and only there: the forms with a phone field load it.
  { name: 'contract-phone', test: /[\\/](node_modules[\\/]libphonenumber-js|packages[\\/]contract[\\/]src[\\/]phone\.ts$)/, priority: 7 },
  // Before the contract's groups, after the phone rule's (30 KB gzip, the sign-up form's only).
  { ...budgetedPages.group, priority: 6 },
  // The files every area's schemas build on go first, each in its chunk: a group takes in the files its own
  // files import, so the first area's chunk (account-security, alphabetically) would otherwise carry them and
  // every page would load that area's schemas too.
  { debugName: 'contract-base', name: contractChunkName, test: contractBaseFile, priority: 5 },
  // Without the files they import: an area's chunk taking in the areas it names (the users area, and with it
  // the phone-number rule) would load those with every page of the area. The contract is side-effect free,
  // so the order in which its chunks run does not matter.
  { debugName: 'contract', name: contractChunkName, test: contractFile, priority: 4, includeDependenciesRecursively: false },
];

/**
 * Lets the browser ask for all the code of a lazy chunk (a page, the booking form) at once. A chunk imports
 * only the chunks it uses directly, and a page's graph of shared chunks (a Mantine input, the contract's
 * files) was ten levels deep: the browser found each level as the one above it arrived, one round trip
 * each, and the page painted some ten round trips after its chunk was asked for. Each lazy chunk gets an
 * import of every chunk below it, after its own imports, so that the order in which the modules run does not
 * change. (Vite's modulepreload list does the same with a link element per script, added by the page's
 * main thread: see `modulePreload` below. Rollup's `hoistTransitiveImports` does it for entry chunks only,
 * and Rolldown does not implement it.)
 */
function importWholeGraphOfLazyChunks(): Plugin {
  return {
    name: 'import-whole-graph-of-lazy-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
      const below = (fileName: string, found: Set<string>) => {
        for (const imported of chunks.get(fileName)?.imports ?? []) {
          if (found.has(imported)) continue;
          found.add(imported);
          below(imported, found);
        }
        return found;
      };
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry) continue;
        const missing = [...below(chunk.fileName, new Set())].filter((fileName) => !chunk.imports.includes(fileName));
        const from = path.posix.dirname(chunk.fileName);
        chunk.code += missing.map((fileName) => `import "./${path.posix.relative(from, fileName)}";`).join('');
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), importWholeGraphOfLazyChunks(), budgetedPages.plugin],
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
    // One stylesheet, in index.html: a lazy import with styles of its own (the date pickers', the navigation's:
    // 5 KB gzip in all, beside Mantine's 36 KB) waited for them to load before it asked for its script, one
    // round trip more before the booking form or a signed-in page's header could show.
    cssCodeSplit: false,
    // A lazy import asks for no preload link: the browser finds the chunk's whole graph in the chunk itself
    // (importWholeGraphOfLazyChunks), where appending a link per script (some forty for the booking form)
    // took 40 to 60 ms of the main thread in one task, just after the page had shown. The entry's own scripts
    // are still preloaded from index.html.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
