/**
 * The allowlists of the chapter sanitiser: semantic HTML stays, active or outside content goes.
 * An element that is neither allowed nor dropped is unwrapped (its text stays, the tag goes),
 * so unknown vocabulary such as `epub:switch` never hides a book's words.
 */

/** Kept as elements. */
export const ALLOWED_ELEMENTS = new Set([
  'a',
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'main',
  'mark',
  'nav',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
  'var',
  'wbr',
]);

/** Removed with everything inside: active content, forms, embedded documents, outside loads. */
export const DROPPED_ELEMENTS = new Set([
  'script',
  'noscript',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'optgroup',
  'datalist',
  'output',
  'label',
  'fieldset',
  'legend',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'map',
  'area',
  'math',
  'svg',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'dialog',
  'portal',
  'epub:case',
  'epub:trigger',
  'param',
]);

export const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'title', 'lang', 'dir', 'role']);

export const ELEMENT_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan', 'headers']),
  th: new Set(['colspan', 'rowspan', 'headers', 'scope', 'abbr']),
  ol: new Set(['start', 'reversed', 'type']),
  li: new Set(['value']),
  time: new Set(['datetime']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
  details: new Set(['open']),
};

/** Inline style properties that shape text and boxes but cannot cover the app or load anything. */
export const ALLOWED_STYLE =
  /^(text-align|text-indent|text-transform|text-decoration(-line|-style)?|font-style|font-weight|font-variant|font-size|vertical-align|(margin|padding)(-(top|right|bottom|left))?|width|max-width|height|float|clear|list-style-type|white-space|letter-spacing|word-spacing)$/i;

/**
 * A fixed-layout page places its boxes with inline styles too. These stay inside the page: the
 * reader clips the page box and isolates its stacking (reader.css), and `position` may only be
 * static, relative or absolute (`fixed` and `sticky` would escape or follow scrolling).
 */
export const FIXED_LAYOUT_STYLE = /^(position|top|right|bottom|left|z-index|line-height)$/i;
export const FIXED_LAYOUT_POSITIONS = /^(static|relative|absolute)$/i;

export const SAFE_LINK_SCHEMES = /^(https?|mailto):/i;
