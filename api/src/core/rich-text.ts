import sanitizeHtml from 'sanitize-html';

const LENGTH = /^\d{1,4}(\.\d{1,4})?(px|%)$/;
const ALIGN = /^(left|right|center|justify)$/;
const ALIGNABLE = ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th'];
/** Images: absolute http(s) or a path on this site (uploads). Links: those, mailto, or an in-page anchor. */
const IMAGE = /^(https?:\/\/|\/(?!\/))[^\s"'`<>\\]*$/i;
const LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)[^\s"'`<>\\]*$/i;

/**
 * The allow-list for rich text: what CKEditor 5's classic build with images, tables, links, lists, alignment
 * and block quotes produces, and nothing else. Scripts, event handlers, `javascript:`/`data:` URLs, frames,
 * forms, SVG/MathML and CSS beyond alignment and image widths are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'span',
    'mark',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style', 'class'],
    figure: ['class', 'style'],
    th: ['colspan', 'rowspan', 'scope', 'style'],
    td: ['colspan', 'rowspan', 'style'],
    col: ['span', 'style'],
    ol: ['start', 'reversed'],
    span: ['class'],
    mark: ['class'],
    code: ['class'],
    ...Object.fromEntries(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'li'].map((tag) => [tag, ['style']])),
  },
  allowedClasses: {
    figure: [
      'image',
      'table',
      'image_resized',
      'image-style-side',
      'image-style-align-left',
      'image-style-align-center',
      'image-style-align-right',
      'image-style-block-align-left',
      'image-style-block-align-right',
    ],
    img: ['image_resized'],
    span: ['text-tiny', 'text-small', 'text-big', 'text-huge'],
    mark: ['marker-yellow', 'marker-green', 'marker-pink', 'marker-blue', 'pen-red', 'pen-green'],
    code: [/^language-[a-z0-9-]{1,30}$/],
  },
  allowedStyles: {
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, { 'text-align': [ALIGN] }])),
    figure: { width: [LENGTH] },
    img: { width: [LENGTH], 'aspect-ratio': [/^\d{1,5}(\.\d{1,4})?\s*\/\s*\d{1,5}(\.\d{1,4})?$/] },
    col: { width: [LENGTH] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const kept = keepIf(attribs, { href: LINK });
      // A link opening a new tab must not hand the page to the target (reverse tabnabbing).
      if (kept.target === '_blank') kept.rel = 'noopener noreferrer';
      else delete kept.target;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, { src: IMAGE }) }),
  },
  // An image whose address was refused has nothing left to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The attributes, in their order, without those whose value fails its pattern. */
function keepIf(attribs: sanitizeHtml.Attributes, patterns: Record<string, RegExp>): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => patterns[name]?.test(value) ?? true));
}

/** Cleans rich text before it is stored (every save) — see OPTIONS for what survives. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
