/**
 * What the service worker precaches and what it keeps on first use, from Vite's build manifest.
 * The shell is the entry and every route page with their static imports (so Quire cold-starts
 * offline on any route it has); a page or lazy module whose source matches an on-demand group
 * (sync/offline-assets.ts) is left out with everything only it imports, and becomes that group's
 * list for src/sw.ts. Plugins that never load in a production browser (RxDB's ajv validation and
 * memory storage) are in neither. Pure, so it can be tested with a fake manifest.
 */
import type { AssetGroup } from '../sync/offline-assets';
import type { ViteManifest } from './bundle-size';

type Manifest = Record<string, ViteManifest[string] & { isDynamicEntry?: boolean }>;

/** Source paths (manifest keys) that start each on-demand group. */
// Packages may resolve outside the project (a linked node_modules: `../x/node_modules/…`).
const GROUP_SOURCES: Record<AssetGroup, RegExp> = {
  print: /^src\/features\/printable\/|(^|\/)node_modules\/pagedjs\//,
};
/** Loaded only in development or in Node (src/db/database.ts). */
const NEVER_IN_BROWSER = /(^|\/)node_modules\/rxdb\/dist\/[^/]+\/plugins\/(validate-ajv|storage-memory)\//;

export interface PrecachePlan {
  /** Output files (JS and CSS) the shell needs: precached. */
  shell: Set<string>;
  /** Chunk files left out of the precache: the groups' and those never loaded in a browser. */
  excluded: Set<string>;
  /** Each group's output files that the shell does not already have, as URL paths. */
  groups: Record<AssetGroup, string[]>;
}

/** Output files (JS and CSS) of these manifest keys and of everything they import statically. */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}.`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return files;
}

const groupOf = (key: string) => (Object.keys(GROUP_SOURCES) as AssetGroup[]).find((g) => GROUP_SOURCES[g].test(key));

export function precachePlan(manifest: Manifest): PrecachePlan {
  const keys = Object.keys(manifest);
  const lazy = keys.filter((k) => manifest[k]!.isDynamicEntry);
  const shellRoots = keys.filter((k) => manifest[k]!.isEntry).concat(lazy.filter((k) => !groupOf(k) && !NEVER_IN_BROWSER.test(k)));
  const shell = closure(manifest, shellRoots);
  const groups = {} as Record<AssetGroup, string[]>;
  for (const group of Object.keys(GROUP_SOURCES) as AssetGroup[]) {
    const own = closure(
      manifest,
      lazy.filter((k) => groupOf(k) === group),
    );
    groups[group] = [...own].filter((file) => !shell.has(file)).map((file) => `/${file}`);
  }
  // Files that are not chunks (HTML, icons, fonts) stay precached as the build's glob finds them.
  const chunkFiles = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]);
  return { shell, excluded: new Set(chunkFiles.filter((file) => !shell.has(file))), groups };
}
