// A small well-formedness check for the SVG files the benchmark report writes (no XML parser is a
// dependency): tags nest and close, attribute values are quoted, `&` only starts an entity.
const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;

/** Throws with the offset of the first problem; returns the root element's name. */
export function checkWellFormedXml(text: string): string {
  const open: string[] = [];
  let root = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '<') {
      TAG.lastIndex = i;
      const m = TAG.exec(text);
      if (m === null) throw new Error(`malformed tag at ${i}: ${text.slice(i, i + 40)}`);
      const [whole, closing, name, attributes, selfClosing] = m;
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(attributes)) throw new Error(`bare & in attributes at ${i}`);
      if (closing) {
        if (open.pop() !== name) throw new Error(`unexpected </${name}> at ${i}`);
      } else {
        if (open.length === 0 && root !== '') throw new Error(`second root element at ${i}`);
        if (root === '') root = name;
        if (!selfClosing) open.push(name);
      }
      i += whole.length;
    } else {
      const next = text.indexOf('<', i);
      const chunk = text.slice(i, next === -1 ? undefined : next);
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(chunk) || chunk.includes('>')) throw new Error(`unescaped text at ${i}: ${chunk.slice(0, 40)}`);
      if (open.length === 0 && chunk.trim() !== '') throw new Error(`text outside the root at ${i}`);
      i = next === -1 ? text.length : next;
    }
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  if (root === '') throw new Error('no element');
  return root;
}
