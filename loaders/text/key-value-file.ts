// Parses cBioPortal `key: value` files (meta files, case lists, gene panels), study-format 3.1:
// split at the first ':', trim key and value, skip blank lines.
import { readFileSync } from 'node:fs';
import { LoadError } from '../errors.js';

export interface KeyValueFile {
  path: string;
  values: Map<string, string>;
  lineOf: Map<string, number>;
}

export function parseKeyValueFile(path: string): KeyValueFile {
  const values = new Map<string, string>();
  const lineOf = new Map<string, number>();
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new LoadError({ file: path }, `cannot read file: ${(error as Error).message}`);
  }
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    if (colon < 0) throw new LoadError({ file: path, line: i + 1 }, `expected "key: value", found "${line.slice(0, 80)}"`);
    const key = line.slice(0, colon).trim();
    values.set(key, line.slice(colon + 1).trim());
    lineOf.set(key, i + 1);
  });
  return { path, values, lineOf };
}

/** Reads a required key, failing with the file name when it is absent or empty. */
export function requireKey(file: KeyValueFile, key: string): string {
  const value = file.values.get(key);
  if (value === undefined || value === '') throw new LoadError({ file: file.path }, `missing required key '${key}'`);
  return value;
}
