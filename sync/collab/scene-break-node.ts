/**
 * A scene break: the ornament between two scenes of a chapter ("* * *" centred). A decorator node
 * that renders with plain DOM (no React), so the server's headless render (server/collab/
 * lexical-doc.ts) and the browser build the same thing. Exported as `<hr class="scene-break">`,
 * the element readers, EPUB and print all understand; an `<hr>` pasted or imported comes back as
 * one. Its text content is a blank line so word counts and plain text keep scenes apart.
 */
import {
  $applyNodeReplacement,
  createCommand,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalCommand,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import { createElement } from './dom';

const SCENE_BREAK_CLASS = 'scene-break';
/** Shown in the editor; export keeps only the semantic `<hr>`. */
const SCENE_BREAK_ORNAMENT = '* * *';

export const INSERT_SCENE_BREAK_COMMAND: LexicalCommand<void> = createCommand('INSERT_SCENE_BREAK_COMMAND');

export type SerializedSceneBreakNode = SerializedLexicalNode;

export class SceneBreakNode extends DecoratorNode<null> {
  static getType(): string {
    return 'scene-break';
  }

  static clone(node: SceneBreakNode): SceneBreakNode {
    return new SceneBreakNode(node.__key);
  }

  static importJSON(): SceneBreakNode {
    return $createSceneBreakNode();
  }

  static importDOM(): DOMConversionMap {
    // Any <hr> (Word's, Google Docs', another book's) becomes a scene break: a chapter has no
    // other use for a rule.
    return { hr: () => ({ conversion: () => ({ node: $createSceneBreakNode() }), priority: 1 }) };
  }

  exportJSON(): SerializedSceneBreakNode {
    return { ...super.exportJSON(), type: 'scene-break', version: 1 };
  }

  exportDOM(): DOMExportOutput {
    const hr = createElement('hr');
    hr.className = SCENE_BREAK_CLASS;
    return { element: hr };
  }

  createDOM(config: EditorConfig): HTMLElement {
    const div = createElement('div');
    div.className = (config.theme as { sceneBreak?: string }).sceneBreak ?? SCENE_BREAK_CLASS;
    // A separator with a name, so screen readers announce it rather than read out asterisks.
    div.setAttribute('role', 'separator');
    div.setAttribute('aria-label', 'Scene break');
    div.setAttribute('data-scene-break', '');
    div.textContent = SCENE_BREAK_ORNAMENT;
    return div;
  }

  updateDOM(): boolean {
    return false;
  }

  getTextContent(): string {
    return '\n';
  }

  isInline(): false {
    return false;
  }

  decorate(): null {
    return null;
  }
}

export function $createSceneBreakNode(): SceneBreakNode {
  return $applyNodeReplacement(new SceneBreakNode());
}

export function $isSceneBreakNode(node: LexicalNode | null | undefined): node is SceneBreakNode {
  return node instanceof SceneBreakNode;
}
