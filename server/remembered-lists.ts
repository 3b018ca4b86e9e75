// The long lists repeated-identifiers.ts remembers, owned by one app (`app.rememberedLists`): each
// under the text it was parsed from, with what the body validators learnt about it
// (remembered-list-validation.ts), least recently used evicted first beyond a byte budget
// (duckportal.remembered_lists.max_mb). A list larger than the whole budget is not remembered.

/** A remembered list: its text, its parsed value and what it holds in memory. */
export interface Remembered {
  /** The list's text, as UTF-8 bytes: what it was built from, and how a body is matched against it. */
  readonly text: Buffer;
  /** The parsed list, frozen (bodies holding its text are given this very array). */
  readonly list: readonly unknown[];
  /** Estimated bytes held: the text and the parsed objects. */
  readonly bytes: number;
  /** Per body validator, the places in a body where the list passed it. */
  readonly passed: Map<number, Set<string>>;
}

/** Lists remembered at most whatever their size: each body's places are compared with each list. */
const MAX_LISTS = 6;

export class RememberedLists {
  /** Most recently used first. */
  private readonly entries: Remembered[] = [];
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Lists remembered now. */
  get size(): number {
    return this.entries.length;
  }

  /** Estimated bytes the remembered lists hold now. */
  get bytes(): number {
    return this.held;
  }

  /** The remembered list whose text starts at `at` in `body`. */
  findAt(body: Buffer, at: number): Remembered | undefined {
    return this.entries.find((r) => at + r.text.length <= body.length && body.compare(r.text, 0, r.text.length, at, at + r.text.length) === 0);
  }

  /** Marks `entry` as the most recently used. */
  touch(entry: Remembered): void {
    const i = this.entries.indexOf(entry);
    if (i > 0) this.entries.unshift(...this.entries.splice(i, 1));
  }

  /**
   * Remembers `list`, parsed from `text` (bytes the caller no longer changes), freezing it; the
   * least recently used lists are dropped until the rest fits. A list larger than the whole
   * budget is left as it is and not remembered. A text already remembered is only touched.
   */
  remember(text: Buffer, list: unknown[]): void {
    const known = this.entries.find((r) => r.text.equals(text));
    if (known) return this.touch(known);
    const bytes = text.length + parsedBytes(list);
    if (bytes > this.maxBytes) return;
    this.entries.unshift({ text, list: Object.freeze(list), bytes, passed: new Map() });
    this.held += bytes;
    while (this.held > this.maxBytes || this.entries.length > MAX_LISTS) this.held -= this.entries.pop()!.bytes;
  }
}

/** Items of a list whose sizes are measured; the list's parsed size is their mean times its length. */
const SAMPLED = 256;

/**
 * The heap a parsed list takes, estimated from evenly spaced items (the lists remembered are
 * identifiers or a dataset's values: items of one shape). Three 60 MB bodies of 1,000,000
 * identifiers each remembered: 188 bytes an item estimated, 188 measured (heap and external
 * memory after a full GC, less that of a run remembering none). Short strings V8 shares between
 * items are counted for each.
 */
function parsedBytes(list: readonly unknown[]): number {
  if (list.length === 0) return ARRAY;
  const step = Math.max(1, Math.floor(list.length / SAMPLED));
  let sampled = 0;
  let count = 0;
  for (let i = 0; i < list.length; i += step, count++) sampled += SLOT + valueBytes(list[i]);
  return ARRAY + Math.ceil((sampled / count) * list.length);
}

// V8's layout on 64-bit without pointer compression (Node's default): 8 bytes a field or element.
const SLOT = 8;
/** An array's header (map, properties, elements, length) and its elements store's (map, length). */
const ARRAY = 48;
/** An object's header (map, properties, elements); JSON.parse gives it room for at least 4 properties. */
const OBJECT = 24;
const OBJECT_MIN_FIELDS = 4;
/** A string's header (map, hash, length); a heap number (map, value). */
const STRING = 16;
const NUMBER = 16;

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return STRING + roundUp(value.length * (/[^\x00-\xff]/.test(value) ? 2 : 1));
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : NUMBER;
  if (typeof value !== 'object' || value === null) return 0; // true, false, null: shared
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + SLOT + valueBytes(item), ARRAY);
  let bytes = OBJECT;
  let fields = 0;
  for (const key in value) {
    bytes += valueBytes((value as Record<string, unknown>)[key]);
    fields++;
  }
  return bytes + SLOT * Math.max(fields, OBJECT_MIN_FIELDS);
}

const roundUp = (n: number) => Math.ceil(n / SLOT) * SLOT;
