/**
 * The formatting toolbar: block type, inline formats, lists and links. Buttons reflect the
 * selection (aria-pressed) and follow the WAI-ARIA toolbar pattern's single tab stop loosely: each
 * is a plain button so keyboard users reach them with Tab, then return to the text with Escape.
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $createParagraphNode, $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND, type TextFormatType } from 'lexical';
import { useEffect, useState } from 'react';
import { INSERT_SCENE_BREAK_COMMAND } from '../../../sync/collab/scene-break-node';
import { ImageToolButton } from './image-tool';
import { LINK_TARGET } from './link-target';

type Block = 'paragraph' | 'h1' | 'h2' | 'h3' | 'quote' | 'ul' | 'ol';

interface ToolbarState {
  block: Block;
  formats: Set<TextFormatType>;
  link: boolean;
}

const INLINE: { format: TextFormatType; label: string; glyph: string }[] = [
  { format: 'bold', label: 'Bold', glyph: 'B' },
  { format: 'italic', label: 'Italic', glyph: 'I' },
  { format: 'underline', label: 'Underline', glyph: 'U' },
  { format: 'strikethrough', label: 'Strikethrough', glyph: 'S' },
];

function readState(): ToolbarState {
  const selection = $getSelection();
  const empty: ToolbarState = { block: 'paragraph', formats: new Set(), link: false };
  if (!$isRangeSelection(selection)) return empty;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  let block: Block = 'paragraph';
  if ($isHeadingNode(top)) block = top.getTag() as Block;
  else if ($isQuoteNode(top)) block = 'quote';
  else if ($isListNode(top)) block = top.getListType() === 'number' ? 'ol' : 'ul';
  const formats = new Set(INLINE.map((i) => i.format).filter((f) => selection.hasFormat(f)));
  const link = $isLinkNode(anchor.getParent()) || $isLinkNode(anchor);
  return { block, formats, link };
}

export function EditorToolbar() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>({ block: 'paragraph', formats: new Set(), link: false });
  useEffect(() => editor.registerUpdateListener(({ editorState }) => editorState.read(() => setState(readState()))), [editor]);

  function setBlock(block: Block) {
    if (block === 'ul' || block === 'ol') {
      const command = block === 'ul' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND;
      editor.dispatchCommand(state.block === block ? REMOVE_LIST_COMMAND : command, undefined);
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const target = state.block === block && block !== 'paragraph' ? 'paragraph' : block;
      $setBlocksType(selection, () => (target === 'quote' ? $createQuoteNode() : target === 'paragraph' ? $createParagraphNode() : $createHeadingNode(target)));
    });
  }

  function toggleLink() {
    if (state.link) {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      return;
    }
    const url = window.prompt('Link to (https://…, or #place for a place in the book)');
    if (url && LINK_TARGET.test(url.trim())) editor.dispatchCommand(TOGGLE_LINK_COMMAND, url.trim());
  }

  const blockButton = (block: Block, label: string, glyph: string) => (
    <button type="button" className="ed-tool" aria-label={label} title={label} aria-pressed={state.block === block} onClick={() => setBlock(block)}>
      {/* A glyph, like an icon: the label names the button ("H1" is not in "Heading 1", WCAG 2.5.3). */}
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  return (
    <div className="ed-toolbar" role="toolbar" aria-label="Formatting">
      {blockButton('paragraph', 'Paragraph', '¶')}
      {blockButton('h1', 'Heading 1', 'H1')}
      {blockButton('h2', 'Heading 2', 'H2')}
      {blockButton('h3', 'Heading 3', 'H3')}
      <span className="ed-tool-sep" aria-hidden="true" />
      {INLINE.map((i) => (
        <button
          key={i.format}
          type="button"
          className={`ed-tool ed-tool-${i.format}`}
          aria-label={i.label}
          title={i.label}
          aria-pressed={state.formats.has(i.format)}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, i.format)}
        >
          {i.glyph}
        </button>
      ))}
      <span className="ed-tool-sep" aria-hidden="true" />
      {blockButton('quote', 'Block quote', '❝')}
      {blockButton('ul', 'Bulleted list', '•')}
      {blockButton('ol', 'Numbered list', '1.')}
      <button
        type="button"
        className="ed-tool"
        aria-label="Scene break"
        title="Scene break (or type *** then Enter)"
        onClick={() => editor.dispatchCommand(INSERT_SCENE_BREAK_COMMAND, undefined)}
      >
        ⁂
      </button>
      <button type="button" className="ed-tool" aria-label={state.link ? 'Remove link' : 'Link'} title="Link" aria-pressed={state.link} onClick={toggleLink}>
        Link
      </button>
      <ImageToolButton />
    </div>
  );
}
