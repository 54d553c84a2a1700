// Builds the web app without disturbing a server that is running: each build goes into a folder of its own
// under builds/, then `dist` (a symbolic link) is pointed at it in one rename. A server resolves `dist` once
// at start and keeps serving its own build, whose hashed files stay until KEEP_BUILDS newer builds exist.
//   tsx scripts/build.ts               build now
//   tsx scripts/build.ts --if-missing  build only when there is no build yet (what `npm start` does)
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(WEB, 'dist');
const BUILDS = path.join(WEB, 'builds');
const KEEP_BUILDS = 3;

if (process.argv.includes('--if-missing') && existsSync(path.join(DIST, 'index.html'))) {
  process.stdout.write('web app already built (packages/web/dist); `npm run build` builds it again\n');
  process.exit(0);
}

mkdirSync(BUILDS, { recursive: true });
const name = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-') + `-${process.pid}`;
const target = path.join(BUILDS, name);
const vite = spawnSync('vite', ['build', '--outDir', target, '--emptyOutDir'], { cwd: WEB, stdio: 'inherit', shell: false });
if (vite.status !== 0) {
  rmSync(target, { recursive: true, force: true });
  process.exit(vite.status ?? 1);
}

// Every text file worth it also as .br and .gz, made once here at the highest levels, so that the server
// sends the compressed copy a browser asks for without compressing anything per request.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
function precompress(folder: string) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}
precompress(target);

// A checkout built before builds/ existed has a real dist folder: it moves aside once, as a build of its own.
if (existsSync(DIST) && !lstatSync(DIST).isSymbolicLink()) renameSync(DIST, path.join(BUILDS, `${name}-previous`));
const link = path.join(WEB, `dist.${process.pid}.tmp`);
rmSync(link, { force: true });
symlinkSync(path.relative(WEB, target), link, 'dir');
renameSync(link, DIST);

const builds = readdirSync(BUILDS).sort();
for (const old of builds.slice(0, Math.max(0, builds.length - KEEP_BUILDS))) {
  rmSync(path.join(BUILDS, old), { recursive: true, force: true });
}
process.stdout.write(`web app built into packages/web/builds/${name}; packages/web/dist points to it\n`);
