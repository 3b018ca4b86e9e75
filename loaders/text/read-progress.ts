// How far the file being read has got, for the CLI's progress bar (polled, never pushed).
import type { ReadStream } from 'node:fs';

interface CurrentRead {
  path: string;
  stream: ReadStream;
}

let current: CurrentRead | undefined;

export function trackRead(path: string, stream: ReadStream): void {
  current = { path, stream };
  stream.once('close', () => {
    if (current?.stream === stream) current = undefined;
  });
}

export function currentRead(): { path: string; bytesRead: number } | undefined {
  return current && { path: current.path, bytesRead: current.stream.bytesRead };
}
