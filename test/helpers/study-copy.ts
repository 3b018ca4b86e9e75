// Copies a shared test study into a temporary folder so that a test can damage one file.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { studyDir } from './store.js';

export interface CopyOptions {
  /** File name → a function of its text. */
  edit?: Record<string, (text: string) => string>;
  /** Only these meta files are kept (all are, when absent). */
  keepMetas?: readonly string[];
  /** New files (path in the copy → text), written after the other changes; their folders are created. */
  add?: Record<string, string | Uint8Array>;
}

/** A writable copy of a shared study, with some files changed or left out. */
export function copyStudy(name: string, { edit = {}, keepMetas, add = {} }: CopyOptions = {}): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'duckportal-study-')), name);
  cpSync(studyDir(name), dir, { recursive: true });
  makeWritable(dir);
  for (const [file, change] of Object.entries(edit)) {
    const path = join(dir, file);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
  }
  if (keepMetas) {
    for (const file of readdirSync(dir)) if (/meta/.test(file) && !keepMetas.includes(file)) rmSync(join(dir, file));
  }
  for (const [file, text] of Object.entries(add)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) makeWritable(path);
    else chmodSync(path, 0o644);
  }
}

/** Replaces the `line`-th line (1-based) of a text. */
export function replaceLine(text: string, line: number, change: (old: string) => string): string {
  const lines = text.split('\n');
  lines[line - 1] = change(lines[line - 1]);
  return lines.join('\n');
}

/** A change of a tab-separated line: its `index`-th cell (0-based) becomes `value`. */
export function setCell(index: number, value: string): (line: string) => string {
  return (line) => line.split('\t').map((cell, i) => (i === index ? value : cell)).join('\t');
}
