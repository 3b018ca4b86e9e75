// PLACEHOLDER (being written): replaced by the real loader.
import { LoadError } from '../errors.js';
import type { FormatLoader } from './format-loader.js';

export const loadStructuralVariants: FormatLoader = async (_ctx, meta) => {
  throw new LoadError({ file: meta.path }, 'this file type is not supported yet');
};
