/**
 * sync/ is also type-checked for the service worker, without the DOM library: chapter nodes name
 * the few element members they use and create elements through Lexical's document (the browser's,
 * or the headless server's).
 */
import { $getDocument } from 'lexical';

export interface MinimalElement {
  className: string;
  textContent: string | null;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
}

export function createElement(tag: string): MinimalElement & HTMLElement {
  return ($getDocument() as unknown as { createElement(tag: string): MinimalElement & HTMLElement }).createElement(tag);
}

/** An attribute of an element handed to a node's importDOM conversion. */
export function attribute(element: unknown, name: string): string | null {
  return (element as MinimalElement).getAttribute(name);
}
