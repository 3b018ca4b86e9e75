// Errors and warnings of a load, always naming the file (and line, column when known).
import { basename } from 'node:path';

export interface Location {
  file: string;
  line?: number;
  column?: string | number;
}

export function formatLocation({ file, line, column }: Location): string {
  let text = basename(file);
  if (line !== undefined) text += `:${line}`;
  if (column !== undefined) text += ` (column ${column})`;
  return text;
}

/** Bad input: the load of this study is abandoned and nothing of it is written. */
export class LoadError extends Error {
  constructor(
    readonly location: Location,
    readonly detail: string,
  ) {
    super(`${formatLocation(location)}: ${detail}`);
    this.name = 'LoadError';
  }
}

export interface Warning {
  location: Location;
  message: string;
}

/** Collects warnings; identical messages of one file are summarised with a count. */
export class Warnings {
  readonly list: Warning[] = [];

  add(location: Location, message: string): void {
    this.list.push({ location, message });
  }

  summary(maxPerKind = 5): string[] {
    const groups = new Map<string, Warning[]>();
    for (const w of this.list) {
      const key = `${basename(w.location.file)}\u0000${w.message}`;
      const group = groups.get(key) ?? [];
      group.push(w);
      groups.set(key, group);
    }
    const lines: string[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      const lineNos = group
        .map((w) => w.location.line)
        .filter((n): n is number => n !== undefined)
        .slice(0, maxPerKind);
      const where = lineNos.length ? ` (line ${lineNos.join(', ')}${group.length > lineNos.length ? ', ...' : ''})` : '';
      const times = group.length > 1 ? ` ×${group.length}` : '';
      lines.push(`${basename(first.location.file)}${where}: ${first.message}${times}`);
    }
    return lines;
  }
}
