// Builds the web app without disturbing a server that is running: each build goes into a folder of its own
// under builds/, then `dist` (a symbolic link) is pointed at it in one rename. A server resolves `dist` once
// at start and keeps serving its own build, whose hashed files stay until KEEP_BUILDS newer builds exist.
//   tsx scripts/build.ts               build now
//   tsx scripts/build.ts --if-missing  build only when there is no build yet (what `npm start` does)
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
