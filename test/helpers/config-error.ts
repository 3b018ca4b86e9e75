// The one-line message of the ConfigError a configuration reader throws (the config modules' tests).
import { expect } from 'vitest';
import { ConfigError } from '../../server/config/settings.js';

export function configErrorOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('no ConfigError');
}
