/**
 * The Lexical nodes a chapter may contain, shared so the browser editor and the server's headless
 * renderer always agree: a node the server does not know would make its render of the chapter fail.
 */
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { ImageNode } from './image-node';
import { SceneBreakNode } from './scene-break-node';

export const CHAPTER_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, SceneBreakNode, ImageNode];
