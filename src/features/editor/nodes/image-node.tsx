/**
 * The browser side of the chapter image (the node class itself is sync/collab/image-node.ts, shared
 * with the server's renderer): how it draws in the editor — click to select, Delete or Backspace to
 * remove, a visible gap when the file is gone — and the command that inserts one at the caret.
 * Importing this module registers the drawing.
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import {
  $createParagraphNode,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isNodeSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  createCommand,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  mergeRegister,
  type LexicalCommand,
} from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { isFileContentUrl } from '../../../../sync/api/files';
import { $createImageNode, $isImageNode, setImageDecorator } from '../../../../sync/collab/image-node';

export const INSERT_IMAGE_COMMAND: LexicalCommand<{ src: string; alt: string }> = createCommand('INSERT_IMAGE_COMMAND');

function ChapterImage({ nodeKey, src, alt }: { nodeKey: string; src: string; alt: string }) {
  const [editor] = useLexicalComposerContext();
  const [selected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const remove = (event: KeyboardEvent) => {
      const selection = editor.getEditorState().read(() => $getSelection());
      if (!selected || !$isNodeSelection(selection)) return false;
      event.preventDefault();
      editor.update(() => {
        const node = $getNodeByKey(nodeKey);
        if ($isImageNode(node)) node.remove();
      });
      return true;
    };
    return mergeRegister(
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          if (!ref.current?.contains(event.target as Node)) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(!selected);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(KEY_DELETE_COMMAND, remove, COMMAND_PRIORITY_LOW),
      editor.registerCommand(KEY_BACKSPACE_COMMAND, remove, COMMAND_PRIORITY_LOW),
    );
  }, [editor, nodeKey, selected, setSelected, clearSelection]);

  const safe = isFileContentUrl(src);
  return (
    <figure ref={ref} className={`ed-figure${selected ? ' ed-figure-selected' : ''}`} data-testid="chapter-image">
      {safe && !broken ? (
        <img src={src} alt={alt} draggable={false} onError={() => setBroken(true)} />
      ) : (
        <div className="ed-image-missing" role="img" aria-label={alt || 'Missing image'}>
          Image not available{alt ? `: ${alt}` : ''}
        </div>
      )}
    </figure>
  );
}

setImageDecorator((node) => <ChapterImage nodeKey={node.getKey()} src={node.getSrc()} alt={node.getAlt()} />);

/** Handles INSERT_IMAGE_COMMAND: the image goes at the caret (splitting a paragraph) or at the end. */
export function ImagePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        INSERT_IMAGE_COMMAND,
        (payload) => {
          const image = $createImageNode(payload);
          if ($getSelection()) $insertNodes([image]);
          else $getRoot().append(image);
          // Leave somewhere to keep typing after an image that ended the chapter.
          if (!image.getNextSibling()) image.insertAfter($createParagraphNode());
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );
  return null;
}
