/**
 * The editor's single-user HTML mode (the blog's posts): the document starts from stored HTML and
 * reports its HTML after each change. No Yjs, no collaboration server: the caller saves the HTML
 * it is given, and the server sanitises it. Images and scene breaks come back through the nodes'
 * own importDOM, so a post reopens as it was written.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot, $insertNodes, type LexicalEditor } from 'lexical';
import { useEffect } from 'react';

/** For LexicalComposer's initialConfig.editorState: the document built from `html`. */
export function htmlEditorState(html: string) {
  return (editor: LexicalEditor) => {
    if (!html.trim()) return;
    const dom = new DOMParser().parseFromString(html, 'text/html');
    const nodes = $generateNodesFromDOM(editor, dom);
    $getRoot().clear().select();
    $insertNodes(nodes);
  };
}

export function HtmlChangePlugin({ onHtml }: { onHtml: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
        // Selection moves change nothing worth saving.
        if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
        editorState.read(() => onHtml($generateHtmlFromNodes(editor, null)));
      }),
    [editor, onHtml],
  );
  return null;
}
