/** Where to go after signing in: only a path on this site (`/…`, not `//evil` or `/\\evil`). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/auth') && !next.startsWith('/auth/')) return '/';
  return next;
}
