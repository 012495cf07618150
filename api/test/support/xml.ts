/**
 * A strict reader of the small XML documents the server writes (robots' sitemaps): it refuses anything that is
 * not well-formed XML 1.0 instead of repairing it, and resolves namespaces. No DTDs, comments, CDATA or
 * processing instructions besides the XML declaration: the sitemaps have none, so meeting one is a failure too.
 */

export interface XmlElement {
  /** The qualified name as written (`mobile:mobile`). */
  name: string;
  local: string;
  /** The namespace URI the element's prefix (or the default namespace) resolves to; '' for none. */
  ns: string;
  /** Attributes as written, values decoded (namespace declarations included). */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, decoded and concatenated. */
  text: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?';
const ATTRIBUTE = new RegExp(`^\\s+(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const START = new RegExp(`^<(${NAME})`);
const END = new RegExp(`^</(${NAME})\\s*>`);
const DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.[0-9]\1(\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?(\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*\?>/;
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9A-Fa-f]+));/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

class XmlError extends Error {
  constructor(message: string, offset: number) {
    super(`not well-formed XML at offset ${offset}: ${message}`);
  }
}

/** Decodes character data or an attribute value; `&` must start a valid reference, `<` may not appear. */
function decode(raw: string, offset: number, inAttribute: boolean): string {
  if (FORBIDDEN.test(raw)) throw new XmlError('a character XML forbids', offset);
  if (raw.includes('<')) throw new XmlError('"<" in text or attribute', offset);
  if (!inAttribute && raw.includes(']]>')) throw new XmlError('"]]>" in text', offset);
  let out = '';
  let index = 0;
  while (index < raw.length) {
    const amp = raw.indexOf('&', index);
    if (amp < 0) {
      out += raw.slice(index);
      break;
    }
    out += raw.slice(index, amp);
    REFERENCE.lastIndex = amp;
    const found = REFERENCE.exec(raw);
    if (!found) throw new XmlError('"&" that does not start an entity reference', offset + amp);
    if (found[1]) out += NAMED[found[1]];
    else {
      const code = found[2] ? Number(found[2]) : parseInt(found[3]!, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        throw new XmlError('a character reference to a forbidden character', offset + amp);
      }
      out += String.fromCodePoint(code);
    }
    index = REFERENCE.lastIndex;
  }
  return out;
}

/** Parses a whole document; throws on the first fault. */
export function parseXml(source: string): XmlElement {
  let at = 0;
  if (source.charCodeAt(0) === 0xfeff) at = 1;
  const declaration = DECLARATION.exec(source.slice(at));
  if (source.slice(at).startsWith('<?xml') && !declaration) throw new XmlError('bad XML declaration', at);
  if (declaration) at += declaration[0].length;

  const stack: Array<{ element: XmlElement; scope: Map<string, string> }> = [];
  let root: XmlElement | null = null;
  while (at < source.length) {
    const next = source.indexOf('<', at);
    const textEnd = next < 0 ? source.length : next;
    if (textEnd > at) {
      const raw = source.slice(at, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.element.text += decode(raw, at, false);
      else if (!/^\s*$/.test(raw)) throw new XmlError('text outside the root element', at);
      at = textEnd;
      continue;
    }
    const rest = source.slice(at);
    if (/^<[!?]/.test(rest)) throw new XmlError('a comment, CDATA, DOCTYPE or processing instruction', at);
    const end = END.exec(rest);
    if (end) {
      const open = stack.pop();
      if (!open || open.element.name !== end[1]) {
        throw new XmlError(`</${end[1]}> does not close <${open?.element.name ?? 'nothing'}>`, at);
      }
      at += end[0].length;
      continue;
    }
    const start = START.exec(rest);
    if (!start) throw new XmlError('"<" that starts no tag', at);
    if (root && stack.length === 0) throw new XmlError('a second root element', at);
    let cursor = start[0].length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const attribute = ATTRIBUTE.exec(rest.slice(cursor));
      if (!attribute) break;
      const name = attribute[1]!;
      if (name in attributes) throw new XmlError(`attribute ${name} given twice`, at + cursor);
      attributes[name] = decode(attribute[2] ?? attribute[3] ?? '', at + cursor, true);
      cursor += attribute[0].length;
    }
    const close = /^\s*(\/?)>/.exec(rest.slice(cursor));
    if (!close) throw new XmlError(`<${start[1]}> is not closed properly`, at + cursor);
    cursor += close[0].length;

    const parentScope = stack[stack.length - 1]?.scope ?? new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);
    const scope = new Map(parentScope);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'xmlns') scope.set('', value);
      else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
    }
    const name = start[1]!;
    const [prefix, local] = name.includes(':') ? name.split(':') : ['', name];
    const ns = scope.get(prefix!);
    if (ns === undefined && prefix !== '') throw new XmlError(`undeclared prefix ${prefix}`, at);
    for (const attribute of Object.keys(attributes)) {
      const attributePrefix = attribute.includes(':') ? attribute.split(':')[0]! : '';
      if (attributePrefix && attributePrefix !== 'xmlns' && !scope.has(attributePrefix)) {
        throw new XmlError(`undeclared prefix ${attributePrefix}`, at);
      }
    }
    const element: XmlElement = { name, local: local!, ns: ns ?? '', attributes, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.element.children.push(element);
    else root = element;
    if (close[1] !== '/') stack.push({ element, scope });
    at += cursor;
  }
  if (stack.length > 0) throw new XmlError(`<${stack[stack.length - 1]!.element.name}> is never closed`, at);
  if (!root) throw new XmlError('no root element', at);
  return root;
}
