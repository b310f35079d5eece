/**
 * The Lexical editor, in its own chunk (chapter-editor.tsx loads it lazily): rich text, lists,
 * links and scene breaks, with word-processor paste cleaned (paste/), bound to the chapter's Yjs
 * document when `collab` is given, or a local document with undo history otherwise (/debug/editor;
 * the blog's posts, which also start from and report HTML: html-plugin.tsx). Undo history is off in collaboration because Lexical's
 * CollaborationPlugin brings a Yjs undo manager that only undoes one's own changes.
 */
import { LexicalCollaboration } from '@lexical/react/LexicalCollaborationContext';
import { CollaborationPlugin } from '@lexical/react/LexicalCollaborationPlugin';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TreeView } from '@lexical/react/LexicalTreeView';
import { useEffect, useMemo } from 'react';
import { CHAPTER_NODES } from '../../../sync/collab/chapter-nodes';
import { chapterProviderFactory, releaseChapter } from './collab-provider';
import { CommentAnchorsPlugin, type CommentAnchorOptions } from './comment-anchors-plugin';
import { EditorToolbar } from './editor-toolbar';
import { EDITOR_THEME } from './editor-theme';
import { SceneBreakPlugin } from './nodes/scene-break-plugin';
import { LINK_TARGET } from './link-target';
import { CleanPastePlugin } from './paste/clean-paste-plugin';
import { ImagePlugin } from './nodes/image-node';
import { HtmlChangePlugin, htmlEditorState } from './html-plugin';
import { countWords } from '../../../sync/text/words';
import './editor.css';

interface CollabOptions {
  docName: string;
  /** Shown beside this person's cursor to co-authors. */
  name: string;
  color: string;
  /** Keeps each account's offline copies apart (IndexedDB database names). */
  storagePrefix: string;
  /** Seed an empty paragraph: only the device that created the chapter (see CollaborationPlugin). */
  bootstrap: boolean;
}

export interface RichEditorProps {
  label: string;
  editable: boolean;
  collab?: CollabOptions;
  onWordCount?: (words: number) => void;
  treeView?: boolean;
  /** Comment anchors painted over the text (never written into it). */
  comments?: CommentAnchorOptions;
  /** Single-user HTML mode (no `collab`): the document starts as this HTML… */
  initialHtml?: string;
  /** …and reports its HTML after every change. */
  onHtml?: (html: string) => void;
}

function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

function WordCountPlugin({ onWordCount }: { onWordCount: (words: number) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.registerTextContentListener((text) => onWordCount(countWords(text))), [editor, onWordCount]);
  return null;
}

function TreeViewPlugin() {
  const [editor] = useLexicalComposerContext();
  return (
    <TreeView
      editor={editor}
      viewClassName="ed-tree"
      treeTypeButtonClassName="btn btn-ghost btn-sm"
      timeTravelButtonClassName="btn btn-ghost btn-sm"
      timeTravelPanelClassName="ed-tree-travel"
      timeTravelPanelButtonClassName="btn btn-ghost btn-sm"
      timeTravelPanelSliderClassName="ed-tree-slider"
    />
  );
}

function Collaboration({ collab }: { collab: CollabOptions }) {
  const factory = useMemo(() => chapterProviderFactory(collab.storagePrefix), [collab.storagePrefix]);
  useEffect(() => () => releaseChapter(collab.docName), [collab.docName]);
  return (
    <CollaborationPlugin id={collab.docName} providerFactory={factory} shouldBootstrap={collab.bootstrap} username={collab.name} cursorColor={collab.color} />
  );
}

export default function RichEditor({ label, editable, collab, onWordCount, treeView, comments, initialHtml, onHtml }: RichEditorProps) {
  const initialConfig = {
    namespace: 'quire-chapter',
    nodes: CHAPTER_NODES,
    theme: EDITOR_THEME,
    editable,
    // Collaboration loads the state from the Yjs document; Lexical requires null here then.
    editorState: collab ? null : initialHtml !== undefined ? htmlEditorState(initialHtml) : undefined,
    onError: (error: Error) => console.error(error),
  };
  return (
    <LexicalCollaboration>
      <LexicalComposer initialConfig={initialConfig}>
        <div className="ed-shell">
          {editable && <EditorToolbar />}
          <div className="ed-surface">
            <RichTextPlugin
              contentEditable={<ContentEditable className="ed-content" aria-label={label} aria-readonly={!editable} data-testid="chapter-text" />}
              placeholder={editable ? <div className="ed-placeholder">Start writing…</div> : null}
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
        </div>
        <ListPlugin />
        <SceneBreakPlugin />
        <CleanPastePlugin />
        <ImagePlugin />
        <LinkPlugin validateUrl={(url) => LINK_TARGET.test(url)} />
        <EditablePlugin editable={editable} />
        {onWordCount && <WordCountPlugin onWordCount={onWordCount} />}
        {onHtml && <HtmlChangePlugin onHtml={onHtml} />}
        {collab ? <Collaboration key={collab.docName} collab={collab} /> : <HistoryPlugin />}
        {treeView && <TreeViewPlugin />}
        {comments && <CommentAnchorsPlugin {...comments} />}
      </LexicalComposer>
    </LexicalCollaboration>
  );
}
