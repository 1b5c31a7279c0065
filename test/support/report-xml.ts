/**
 * A small strict XML well-formedness checker for the html report (no dependency, no apt):
 * one root element, every tag closed and properly nested, attributes quoted and unique,
 * only XML's predefined or numeric entities, no stray '<' or '&'. Returns the problems
 * found (empty = well-formed) and the text content, for assertions on what a reader sees.
 */
export interface XmlCheck {
  errors: string[];
  /** Text content with entities decoded, whitespace collapsed. */
  text: string;
  /** Element names in document order. */
  elements: string[];
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_m, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e in named) return named[e]!;
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

export function checkXml(doc: string): XmlCheck {
  const errors: string[] = [];
  const elements: string[] = [];
  const stack: string[] = [];
  const text: string[] = [];
  let roots = 0;
  let i = 0;
  const checkText = (s: string, where: string): void => {
    for (let k = s.indexOf('&'); k !== -1; k = s.indexOf('&', k + 1)) {
      if (!ENTITY.test(s.slice(k))) errors.push(`bad entity in ${where}: ${s.slice(k, k + 12)}`);
    }
    if (s.includes('<')) errors.push(`'<' in ${where}`);
  };
  if (doc.startsWith('<?xml')) i = doc.indexOf('?>') + 2;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    const chunk = lt === -1 ? doc.slice(i) : doc.slice(i, lt);
    if (chunk.trim()) {
      if (stack.length === 0) errors.push(`text outside the root: ${chunk.trim().slice(0, 20)}`);
      checkText(chunk, 'text');
      text.push(decode(chunk));
    }
    if (lt === -1) break;
    if (doc.startsWith('<!--', lt)) {
      const end = doc.indexOf('-->', lt + 4);
      if (end === -1) return { errors: [...errors, 'unterminated comment'], text: '', elements };
      i = end + 3;
      continue;
    }
    if (doc.startsWith('<!DOCTYPE', lt)) {
      if (roots > 0 || stack.length > 0) errors.push('DOCTYPE after the root element');
      i = doc.indexOf('>', lt) + 1;
      continue;
    }
    if (doc.startsWith('<![CDATA[', lt)) {
      const end = doc.indexOf(']]>', lt);
      if (end === -1) return { errors: [...errors, 'unterminated CDATA'], text: '', elements };
      text.push(doc.slice(lt + 9, end));
      i = end + 3;
      continue;
    }
    const gt = findTagEnd(doc, lt);
    if (gt === -1) return { errors: [...errors, `unterminated tag at ${lt}`], text: '', elements };
    const tag = doc.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (open !== name) errors.push(`</${name}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const m = /^([^\s/>]+)([\s\S]*)$/.exec(body);
    const name = m?.[1] ?? '';
    if (!NAME.test(name)) errors.push(`bad element name <${name}>`);
    if (stack.length === 0) roots++;
    elements.push(name);
    checkAttributes(m?.[2] ?? '', name, errors, checkText);
    if (!selfClosing) stack.push(name);
  }
  if (stack.length) errors.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) errors.push(`expected one root element, found ${roots}`);
  return { errors, text: text.join(' ').replace(/\s+/g, ' ').trim(), elements };
}

function findTagEnd(doc: string, from: number): number {
  let quote: string | null = null;
  for (let k = from + 1; k < doc.length; k++) {
    const ch = doc[k]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return k;
    else if (ch === '<') return -1;
  }
  return -1;
}

function checkAttributes(
  attrs: string,
  element: string,
  errors: string[],
  checkText: (s: string, where: string) => void,
): void {
  const seen = new Set<string>();
  let rest = attrs.trim();
  while (rest) {
    const m = /^([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')\s*/.exec(rest);
    if (!m) {
      errors.push(`bad attribute syntax in <${element}>: ${rest.slice(0, 30)}`);
      return;
    }
    const name = m[1]!;
    if (!NAME.test(name)) errors.push(`bad attribute name ${name} in <${element}>`);
    if (seen.has(name)) errors.push(`duplicate attribute ${name} in <${element}>`);
    seen.add(name);
    checkText(m[3] ?? m[4] ?? '', `attribute ${name} of <${element}>`);
    rest = rest.slice(m[0].length);
  }
}
