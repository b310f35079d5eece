/**
 * `npm start`'s build check: exits 0 when dist/ and dist-server/ are newer than every file they
 * are built from, so starting an unchanged checkout skips the build; 1 otherwise, and npm start
 * builds. Plain JavaScript because it runs before anything is compiled (tsx would cost the
 * second it saves). `npm run build` always builds.
 */
import fs from 'node:fs';
import path from 'node:path';

const OUTPUTS = ['dist/index.html', 'dist/prerendered.json', 'dist-server/main.js'];
const INPUTS = [
  'src',
  'sync',
  'server',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
];

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/** The newest change under `entry`; a directory's own time counts, as a deleted file changes it. */
function newest(entry) {
  const own = mtime(entry);
  if (!own || !fs.statSync(entry).isDirectory()) return own;
  return fs.readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), own);
}

const built = Math.min(...OUTPUTS.map(mtime));
process.exit(built > Math.max(...INPUTS.map(newest)) ? 0 : 1);
