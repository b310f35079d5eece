/**
 * An image in a chapter: a block-level Lexical DecoratorNode holding the content URL of one of
 * the author's files and its alt text. This class is shared by the browser editor and the server's
 * headless renderer, so it must not need React: the browser registers how to draw it with
 * `setImageDecorator` (src/features/editor/nodes/image-node.tsx) and the server never calls
 * decorate(). One class and one type name ('image') keep the JSON, the Yjs binding and the HTML
 * render identical on both sides.
 *
 * Only Quire file URLs are kept (pasted images from elsewhere are dropped): outside URLs would
 * break offline and tell a third party who reads the book.
 */
import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
  type LexicalUpdateJSON,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { isFileContentUrl } from '../api/files';
import { attribute, createElement } from './dom';

export type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

type Decorator = (node: ImageNode) => unknown;
let decorator: Decorator | null = null;

/** The browser's drawing of an image node (a React element); unset on the server. */
export function setImageDecorator(f: Decorator): void {
  decorator = f;
}

export class ImageNode extends DecoratorNode<unknown> {
  __src: string;
  __alt: string;

  static getType(): string {
    return 'image';
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src = '', alt = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode({ src: json.src, alt: json.alt }).updateFromJSON(json);
  }

  updateFromJSON(json: LexicalUpdateJSON<SerializedImageNode>): this {
    return super.updateFromJSON(json).setSrc(json.src).setAlt(json.alt);
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), src: this.getSrc(), alt: this.getAlt() };
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element) => {
          const src = attribute(element, 'src') ?? '';
          return { node: isFileContentUrl(src) ? $createImageNode({ src, alt: attribute(element, 'alt') ?? '' }) : null };
        },
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    if (!isFileContentUrl(this.getSrc())) return { element: null };
    const img = createElement('img');
    img.setAttribute('src', this.getSrc());
    img.setAttribute('alt', this.getAlt());
    return { element: img };
  }

  createDOM(config: EditorConfig): HTMLElement {
    const div = createElement('div');
    const className = (config.theme as { image?: string }).image;
    if (className) div.className = className;
    return div;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  /** Images carry no words: the chapter's text and word count are the prose. */
  getTextContent(): string {
    return '';
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAlt(): string {
    return this.getLatest().__alt;
  }

  setSrc(src: string): this {
    const self = this.getWritable();
    self.__src = src;
    return self;
  }

  setAlt(alt: string): this {
    const self = this.getWritable();
    self.__alt = alt;
    return self;
  }

  decorate(): unknown {
    return decorator ? decorator(this) : null;
  }
}

export function $createImageNode({ src, alt }: { src: string; alt: string }): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
