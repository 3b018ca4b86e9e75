#!/usr/bin/env node
// Entry point of the `duckportal` command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
