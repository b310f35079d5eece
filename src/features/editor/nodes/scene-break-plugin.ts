/**
 * Scene break behaviour in the editor: INSERT_SCENE_BREAK_COMMAND (the toolbar button) puts one
 * after the current block, and typing `***` (or `* * *`) alone in a paragraph then Enter turns
 * that paragraph into one, the way writers already mark breaks in manuscripts.
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import { $createParagraphNode, $getSelection, $isParagraphNode, $isRangeSelection, COMMAND_PRIORITY_EDITOR, COMMAND_PRIORITY_LOW, KEY_ENTER_COMMAND } from 'lexical';
import { useEffect } from 'react';
import { $createSceneBreakNode, INSERT_SCENE_BREAK_COMMAND } from '../../../../sync/collab/scene-break-node';

/** A paragraph that is only asterisks (three or more, spaces allowed) means a scene break. */
export function isSceneBreakShortcut(text: string): boolean {
  return /^\s*\*(\s*\*){2,}\s*$/.test(text);
}

/** Insert a scene break after the selection's block, leaving the caret in the block after it. */
export function $insertSceneBreak(): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return false;
  const sceneBreak = $insertNodeToNearestRoot($createSceneBreakNode());
  // Always leave somewhere to keep writing, even when the break is the chapter's last block.
  if (!sceneBreak.getNextSibling()) {
    const paragraph = $createParagraphNode();
    sceneBreak.insertAfter(paragraph);
    paragraph.select();
  }
  return true;
}

export function SceneBreakPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(INSERT_SCENE_BREAK_COMMAND, () => $insertSceneBreak(), COMMAND_PRIORITY_EDITOR),
        editor.registerCommand(
          KEY_ENTER_COMMAND,
          (event) => {
            const selection = $getSelection();
            if (!$isRangeSelection(selection) || !selection.isCollapsed() || event?.shiftKey) return false;
            const block = selection.anchor.getNode().getTopLevelElement();
            if (!$isParagraphNode(block) || !isSceneBreakShortcut(block.getTextContent())) return false;
            event?.preventDefault();
            const sceneBreak = $createSceneBreakNode();
            block.replace(sceneBreak);
            const next = sceneBreak.getNextSibling();
            if (next && $isParagraphNode(next)) next.selectStart();
            else {
              const paragraph = $createParagraphNode();
              sceneBreak.insertAfter(paragraph);
              paragraph.select();
            }
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );
  return null;
}
