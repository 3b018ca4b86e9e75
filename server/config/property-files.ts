// Files named by properties (certificates, the front end's JSON files), read once at start.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './settings.js';

/**
 * The bytes of the file a property names: a path (relative to the working directory) or a Spring
 * resource location, `file:<path>` or `file:///<path>`; `classpath:<path>` is looked up on the
 * file system, where cBioPortal looks first. An unreadable file is a ConfigError naming the property.
 */
export function readPropertyFile(property: string, location: string): Buffer {
  try {
    return readFileSync(location.startsWith('file://') ? fileURLToPath(location) : location.replace(/^(file|classpath):/, ''));
  } catch (error) {
    throw new ConfigError(property, `cannot read ${location}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
