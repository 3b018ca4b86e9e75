// The signature every per-format loader implements.
import type { StudyContext } from '../context.js';
import type { MetaFile } from '../study-dir.js';

export type FormatLoader = (ctx: StudyContext, meta: MetaFile) => Promise<void>;
