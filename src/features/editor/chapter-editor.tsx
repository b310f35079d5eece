/** The Lexical editor, loaded on demand so Lexical and Yjs stay out of every other page's JS. */
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../ui';
import type { RichEditorProps } from './rich-editor';

const RichEditor = lazy(() => import('./rich-editor'));

export function ChapterEditor(props: RichEditorProps) {
  return (
    <Suspense fallback={<Skeleton lines={8} label="Loading the editor…" />}>
      <RichEditor {...props} />
    </Suspense>
  );
}
