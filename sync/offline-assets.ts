/**
 * The app's on-demand code groups: heavy chunks the service worker does not precache but keeps
 * once they are first needed (src/sw.ts; the build's split is scripts/precache-plan.ts). The
 * editor (Lexical, Yjs) and the print layout (Paged.js) are most of the app's bytes and most
 * people never open them. No zod here: the service worker, the build and the app import it.
 */
// The editor is precached for now: with it on demand, the offline chapter journey reloaded into
// a page that never finished loading (not yet understood). Adding 'editor' back is one line here.
export const ASSET_GROUPS = ['print'] as const;
export type AssetGroup = (typeof ASSET_GROUPS)[number];

/** Page → worker: keep a group's chunks offline now (a port, if given, is answered when done). */
export interface KeepOfflineMessage {
  type: 'QUIRE_KEEP_OFFLINE';
  group: AssetGroup;
}

/** Page → worker: the chunks this page loaded before the worker controlled it. */
export interface LoadedAssetsMessage {
  type: 'QUIRE_LOADED_ASSETS';
  paths: string[];
}
