// Compiles the server and the `testbed` client to JavaScript once, so that a start runs plain Node.js with no
// TypeScript compiler in the process (tsx compiled every module at every start: seconds and hundreds of MB).
//   node scripts/bundle.mjs [server|cli ...]             build now
//   node scripts/bundle.mjs [server|cli ...] --if-stale  build only what is missing or older than its sources
// esbuild bundles each program with the packages it imports into one ES module: a start then reads one file
// instead of resolving and loading a thousand modules (most of a start's time when they were separate).
// The packages listed as external below stay imports resolved from node_modules at run time.
// This file is plain JavaScript so that it runs on Node.js alone, before anything is compiled.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The programs: where each starts and where its JavaScript goes. */
export const TARGETS = {
  server: {
    entry: 'packages/server/src/main.ts',
    outfile: 'packages/server/dist/main.js',
    // Imported from node_modules at run time: native code and WebAssembly (PGlite, argon2, ssh2's optional
    // crypto, pg's optional native driver), and packages that find files beside their own code (Swagger
    // UI's assets, @fastify/swagger's package.json, pino's worker threads).
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'ssh2', 'cpu-features', '@fastify/swagger-ui', '@fastify/swagger', 'pino', 'thread-stream'],
  },
  cli: { entry: 'packages/cli/src/main.ts', outfile: 'packages/cli/dist/main.js', external: [] },
};

const metaFile = (outfile) => `${outfile}.inputs.json`;

/**
 * Whether `target`'s build is missing or older than one of the files it was built from (listed by the build
 * beside it), or than the installed packages (a dependency's new version changes what the bundle holds).
 */
export function isStale(target) {
  const { outfile } = TARGETS[target];
  let built;
  let inputs;
  try {
    built = statSync(path.join(ROOT, outfile)).mtimeMs;
    inputs = JSON.parse(readFileSync(path.join(ROOT, metaFile(outfile)), 'utf8'));
  } catch {
    return true;
  }
  const newer = (file, ifMissing) => {
    try {
      return statSync(path.join(ROOT, file)).mtimeMs > built;
    } catch {
      return ifMissing;
    }
  };
  // A source gone is a change; node_modules' own record is rewritten by every install that changes it.
  return inputs.some((input) => newer(input, true)) || ['package-lock.json', 'node_modules/.package-lock.json', 'scripts/bundle.mjs'].some((file) => newer(file, false));
}

/**
 * Code that asks `import.meta.url` where it lies (the migrations, the built-in testbed file, the web app's
 * build) keeps the answer it has in the sources: each file's `import.meta.url` becomes its source file's
 * address, written relative to the bundle so that the checkout can move.
 */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const outDir = path.dirname(path.join(ROOT, build.initialOptions.outfile));
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

export async function bundle(target) {
  const { build } = await import('esbuild');
  const { entry, outfile, external } = TARGETS[target];
  // Written beside the final file, then renamed over it: several processes building at once (three instances
  // started together) each leave a whole file, and a running one keeps the file it opened.
  const temporary = `${outfile}.${process.pid}.tmp`;
  mkdirSync(path.dirname(path.join(ROOT, outfile)), { recursive: true });
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Not minified, names kept: a stack trace reads as the sources do.
      metafile: true,
      logLevel: 'warning',
      external,
      // Bundled CommonJS packages call require() for Node's own modules and the external ones.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      plugins: [sourceLocation],
    });
    const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
    writeFileSync(path.join(ROOT, `${temporary}.inputs`), JSON.stringify(inputs));
    renameSync(path.join(ROOT, `${temporary}.inputs`), path.join(ROOT, metaFile(outfile)));
    renameSync(path.join(ROOT, temporary), path.join(ROOT, outfile));
  } finally {
    rmSync(path.join(ROOT, temporary), { force: true });
    rmSync(path.join(ROOT, `${temporary}.inputs`), { force: true });
  }
}

/** Builds `target` unless its build is there and current; answers whether it built. */
export async function ensureBuilt(target) {
  if (!isStale(target)) return false;
  await bundle(target);
  return true;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const targets = names.length > 0 ? names : Object.keys(TARGETS);
  const unknown = targets.filter((name) => !(name in TARGETS));
  if (unknown.length > 0) {
    process.stderr.write(`unknown program ${unknown.join(', ')}: choose among ${Object.keys(TARGETS).join(', ')}\n`);
    process.exit(2);
  }
  for (const target of targets) {
    const started = performance.now();
    if (ifStale ? await ensureBuilt(target) : (await bundle(target), true)) {
      process.stdout.write(`${target} compiled into ${TARGETS[target].outfile} (${Math.round(performance.now() - started)} ms)\n`);
    }
  }
}
