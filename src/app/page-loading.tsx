/** The whole page while the first page's code loads (the router's hydrate fallback, router.tsx). */
import { Skeleton } from '../ui';

export function PageLoading() {
  return (
    <main className="page" aria-busy="true">
      <Skeleton lines={4} label="Opening Quire…" />
    </main>
  );
}
