/**
 * Pasting HTML into a chapter goes through cleanPastedHtml first, so Word, Google Docs and
 * LibreOffice bring their structure and not their fonts and colours. Runs before Lexical's own
 * rich-text paste (higher priority) and leaves to it: plain text (stays plain), files, and copies
 * from a Lexical editor (which carry their exact nodes).
 */
import { $insertGeneratedNodes } from '@lexical/clipboard';
import { $generateNodesFromDOM } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isRangeSelection, COMMAND_PRIORITY_LOW, PASTE_COMMAND } from 'lexical';
import { useEffect } from 'react';
import { cleanPastedHtml } from './clean-paste';

const LEXICAL_CLIPBOARD = 'application/x-lexical-editor';

export function CleanPastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = 'clipboardData' in event ? event.clipboardData : null;
          if (!data || data.types.includes(LEXICAL_CLIPBOARD) || data.files.length > 0) return false;
          const html = data.getData('text/html');
          const selection = $getSelection();
          if (!html || !$isRangeSelection(selection)) return false;
          event.preventDefault();
          const parser = new DOMParser();
          const dom = parser.parseFromString(cleanPastedHtml(html, parser), 'text/html');
          $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, dom), selection);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );
  return null;
}
