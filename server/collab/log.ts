/**
 * Logging extension: one structured line per collaboration event. Failures always go to stderr;
 * routine events (opened, closed, dropped updates, unloads) only when verbose, because a busy
 * editor would otherwise flood the log.
 */
export type CollabLog = (event: string, fields: Record<string, unknown>) => void;

const FAILURES = new Set([
  'persist-failed',
  'task-failed',
  'unload-failed',
  'render-failed',
  'admit-failed',
  'relay-publish-failed',
  'relay-leave-failed',
  'relay-malformed',
  'access-recheck-failed',
]);

export function createCollabLog(options: { verbose: boolean; write?: (line: string) => void }): CollabLog {
  const write = options.write ?? ((line: string) => console.error(line));
  return (event, fields) => {
    if (!options.verbose && !FAILURES.has(event)) return;
    write(JSON.stringify({ scope: 'collab', event, ...fields }));
  };
}
