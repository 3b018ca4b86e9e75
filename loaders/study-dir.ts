// Finds the meta files and case lists of a study folder (study-format 2).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LoadError } from './errors.js';
import { classifyMeta, type MetaKind } from './meta-types.js';
import { parseKeyValueFile, type KeyValueFile } from './text/key-value-file.js';

export interface MetaFile extends KeyValueFile {
  kind: MetaKind;
  dir: string;
}

export interface StudyDir {
  dir: string;
  metas: MetaFile[];
  caseListFiles: string[];
}

const META_NAME = /(\b|_)meta(\b|[_0-9])/i;
const ignored = (name: string) => name.startsWith('.') || name.endsWith('~');

/** `onError`: a meta file that cannot be read is reported to it and left out (else the error is thrown). */
export function readStudyDir(dir: string, onError?: (error: LoadError) => void): StudyDir {
  const metas = readdirSync(dir)
    .filter((name) => !ignored(name) && META_NAME.test(name) && statSync(join(dir, name)).isFile())
    .sort()
    .flatMap((name): MetaFile[] => {
      try {
        const file = parseKeyValueFile(join(dir, name));
        return [{ ...file, kind: classifyMeta(file), dir }];
      } catch (error) {
        if (!(onError && error instanceof LoadError)) throw error;
        onError(error);
        return [];
      }
    });
  const caseListDir = join(dir, 'case_lists');
  const caseListFiles = existsDir(caseListDir)
    ? readdirSync(caseListDir).filter((n) => !ignored(n)).sort().map((n) => join(caseListDir, n))
    : [];
  return { dir, metas, caseListFiles };
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The data file a meta file names, relative to the meta file's folder. */
export function dataFilePath(meta: MetaFile, key = 'data_filename'): string {
  return join(meta.dir, meta.values.get(key) ?? '');
}
