#!/usr/bin/env node
// Runs a TypeScript module of the project (npm scripts such as bench:load): node bin/run-ts.js <file.ts> [args].
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [file, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);
