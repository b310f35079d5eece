/** /debug/editor — the chapter editor on a local, throw-away document with Lexical's tree view. */
import { Page } from '../../ui';
import { ChapterEditor } from './chapter-editor';
import './editor.css';

export function DebugEditorPage() {
  return (
    <Page title="Editor debug" description="A local document (not saved, not shared) with Lexical's node tree below it.">
      <ChapterEditor label="Debug document" editable treeView />
    </Page>
  );
}
