/**
 * Scene break behaviour in the editor: INSERT_SCENE_BREAK_COMMAND (the toolbar button) puts one
 * after the current block, and typing `***` (or `* * *`) alone in a paragraph then Enter turns
 * that paragraph into one, the way writers already mark breaks in manuscripts. A click selects a
 * break (outlined) so Backspace or Delete removes it; Backspace at the start of the paragraph
 * after a break removes it too (Lexical's own rule for block decorators).
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createNodeSelection,
  $createParagraphNode,
  $getNearestNodeFromDOMNode,
  $getSelection,
  $isNodeSelection,
  $isParagraphNode,
  $isRangeSelection,
  $setSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  isDOMNode,
  KEY_ENTER_COMMAND,
} from 'lexical';
import { useEffect } from 'react';
import { $createSceneBreakNode, $isSceneBreakNode, INSERT_SCENE_BREAK_COMMAND } from '../../../../sync/collab/scene-break-node';

const SELECTED_CLASS = 'is-selected';

/** A paragraph that is only asterisks (three or more, spaces allowed) means a scene break. */
function isSceneBreakShortcut(text: string): boolean {
  return /^\s*\*(\s*\*){2,}\s*$/.test(text);
}

/** Insert a scene break after the selection's block, leaving the caret in the block after it. */
function $insertSceneBreak(): boolean {
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
  useEffect(() => {
    let selected = new Set<string>();
    return mergeRegister(
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          const node = isDOMNode(event.target) ? $getNearestNodeFromDOMNode(event.target) : null;
          if (!$isSceneBreakNode(node)) return false;
          const selection = $createNodeSelection();
          selection.add(node.getKey());
          $setSelection(selection);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      // Outline the selected breaks: the node renders plain DOM, so the class is set here.
      editor.registerUpdateListener(({ editorState }) => {
        const now = editorState.read(() => {
          const selection = $getSelection();
          return new Set(
            $isNodeSelection(selection)
              ? selection
                  .getNodes()
                  .filter($isSceneBreakNode)
                  .map((n) => n.getKey())
              : [],
          );
        });
        for (const key of selected) if (!now.has(key)) editor.getElementByKey(key)?.classList.remove(SELECTED_CLASS);
        for (const key of now) editor.getElementByKey(key)?.classList.add(SELECTED_CLASS);
        selected = now;
      }),
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
    );
  }, [editor]);
  return null;
}
