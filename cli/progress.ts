// A one-line progress bar on a terminal for data files that take more than a second to load.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { currentRead } from '../loaders/text/read-progress.js';

export function startProgress(): { onFile: (path: string) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { onFile: () => {}, stop: () => {} };
  let file: { path: string; size: number; started: number } | undefined;
  let shown = false;
  const timer = setInterval(() => {
    const read = currentRead();
    if (!file || performance.now() - file.started < 1000) return;
    const bytes = read ? read.bytesRead : file.size;
    const fraction = file.size > 0 ? Math.min(bytes / file.size, 1) : 1;
    const width = 30;
    const bar = '#'.repeat(Math.round(fraction * width)).padEnd(width, '.');
    process.stderr.write(`\r  ${basename(file.path).padEnd(40).slice(0, 40)} [${bar}] ${(fraction * 100).toFixed(0).padStart(3)}%`);
    shown = true;
  }, 200);
  const clear = () => {
    if (shown) process.stderr.write('\r\x1b[K');
    shown = false;
  };
  return {
    onFile(path) {
      clear();
      let size = 0;
      try {
        size = statSync(path).size;
      } catch {
        size = 0;
      }
      file = { path, size, started: performance.now() };
    },
    stop() {
      clearInterval(timer);
      clear();
    },
  };
}
