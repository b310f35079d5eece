/**
 * How deep markup nests, measured without recursion, so that documents past MAX_NESTING_DEPTH
 * are refused before anything walks them recursively (server/limits.ts says why).
 */
import { isTag, type ParentNode } from 'domhandler';
import { Parser } from 'htmlparser2';
import { MAX_NESTING_DEPTH } from '../../limits';

export { MAX_NESTING_DEPTH };

/** Levels of elements below `root` in a parsed document. */
export function nestingDepth(root: ParentNode): number {
  let deepest = 0;
  const stack: [ParentNode, number][] = [[root, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    for (const child of node.children) if (isTag(child)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Levels of elements in XML text, read as a stream: no document is built. */
export function xmlNestingDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser(
    {
      onopentag: () => {
        deepest = Math.max(deepest, ++depth);
      },
      onclosetag: () => {
        depth--;
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return deepest;
}

/** The rest of a refusal after the document's name: why, and what to do. */
export const NESTED_TOO_DEEPLY = `is nested too deeply: its elements go more than ${MAX_NESTING_DEPTH} levels deep, far past any real book. Remove the extra nesting and import it again.`;
