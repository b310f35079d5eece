/**
 * Shows comment anchors in the editor without touching the Lexical document: the CSS Custom
 * Highlight API paints ranges over the rendered text (a commenter's device may not change the
 * chapter's Yjs document, and marks in the text would travel to everyone). Reports the current
 * selection as a quote, which anchors are found (the rest are detached), and which anchor was
 * clicked; scrolls the active anchor into view.
 */
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { caretAt } from '../reader/chapter-dom';
import { anchorRanges, quoteOfRange, type CommentAnchor } from './comment-anchors';

export interface CommentAnchorOptions {
  anchors: CommentAnchor[];
  activeId: string | null;
  /** The selected words as a quote, or null when the selection in the chapter collapses. */
  onSelection(quote: TextQuote | null): void;
  /** Ids of the anchors found in the current text. */
  onLocated(ids: Set<string>): void;
  onActivate(id: string): void;
}

const HIGHLIGHT = 'quire-comment';
const ACTIVE_HIGHLIGHT = 'quire-comment-active';
const highlightsSupported = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';

export function CommentAnchorsPlugin({ anchors, activeId, onSelection, onLocated, onActivate }: CommentAnchorOptions) {
  const [editor] = useLexicalComposerContext();
  const ranges = useRef(new Map<string, Range>());
  const callbacks = useRef({ onSelection, onLocated, onActivate });
  callbacks.current = { onSelection, onLocated, onActivate };

  // Paint after every change of the text (typed here, or merged from a co-author) and of the anchors.
  useEffect(() => {
    let frame = 0;
    let located = '';
    function paint() {
      frame = 0;
      const root = editor.getRootElement();
      if (!root) return;
      ranges.current = anchorRanges(root, anchors);
      const key = [...ranges.current.keys()].sort().join(',');
      if (key !== located) {
        located = key;
        callbacks.current.onLocated(new Set(ranges.current.keys()));
      }
      if (!highlightsSupported()) return;
      const rest = [...ranges.current].filter(([id]) => id !== activeId).map(([, r]) => r);
      const active = activeId ? ranges.current.get(activeId) : undefined;
      CSS.highlights.set(HIGHLIGHT, new Highlight(...rest));
      CSS.highlights.set(ACTIVE_HIGHLIGHT, new Highlight(...(active ? [active] : [])));
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    paint();
    const unregister = editor.registerUpdateListener(schedule);
    return () => {
      unregister();
      cancelAnimationFrame(frame);
      if (highlightsSupported()) {
        CSS.highlights.delete(HIGHLIGHT);
        CSS.highlights.delete(ACTIVE_HIGHLIGHT);
      }
    };
  }, [editor, anchors, activeId]);

  // The selected words, kept while focus moves to the comment form (only a collapse inside the chapter clears them).
  useEffect(() => {
    function onChange() {
      const root = editor.getRootElement();
      const selection = document.getSelection();
      if (!root || !selection || selection.rangeCount === 0) return;
      const range = selection.getRangeAt(0);
      if (!root.contains(range.commonAncestorContainer)) return;
      callbacks.current.onSelection(range.collapsed ? null : quoteOfRange(root, range));
    }
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [editor]);

  // A click on highlighted words opens their thread.
  useEffect(
    () =>
      editor.registerRootListener((root) => {
        const onClick = (event: MouseEvent) => {
          if (!document.getSelection()?.isCollapsed) return;
          const caret = caretAt(event.clientX, event.clientY);
          if (!caret) return;
          for (const [id, range] of ranges.current) {
            if (range.isPointInRange(caret.node, caret.offset)) return void callbacks.current.onActivate(id);
          }
        };
        root?.addEventListener('click', onClick);
        return () => root?.removeEventListener('click', onClick);
      }),
    [editor],
  );

  // Bring the active anchor into view when its thread is chosen in the sidebar.
  useEffect(() => {
    const range = activeId ? ranges.current.get(activeId) : undefined;
    const el = range?.startContainer.parentElement;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [activeId]);

  return null;
}
