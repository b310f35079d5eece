/**
 * Chapters created on this device. Only that device seeds a new chapter's Yjs document with its
 * first paragraph: Lexical's bootstrap is a plain insert, so two devices seeding the same empty
 * document would both add one (see CollaborationPlugin's shouldBootstrap).
 */
const KEY = 'quire-chapters-created-here';
const KEEP = 200;

function read(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCreatedHere(chapterId: string): void {
  localStorage.setItem(KEY, JSON.stringify([...read(), chapterId].slice(-KEEP)));
}

export function createdHere(chapterId: string): boolean {
  return read().includes(chapterId);
}
