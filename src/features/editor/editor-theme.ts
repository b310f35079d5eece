/** Class names Lexical puts on the nodes it renders; styled in editor.css. */
import type { EditorThemeClasses } from 'lexical';

export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: 'ed-p',
  quote: 'ed-quote',
  heading: { h1: 'ed-h1', h2: 'ed-h2', h3: 'ed-h3' },
  list: { ul: 'ed-ul', ol: 'ed-ol', listitem: 'ed-li', nested: { listitem: 'ed-li-nested' } },
  link: 'ed-link',
  sceneBreak: 'ed-scene-break',
  image: 'ed-image',
  text: { bold: 'ed-bold', italic: 'ed-italic', underline: 'ed-underline', strikethrough: 'ed-strike', underlineStrikethrough: 'ed-underline-strike' },
};
