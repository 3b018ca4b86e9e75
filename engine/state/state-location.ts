// Where a state store is: a file path (or ':memory:'), or the URL of a PostgreSQL database.

/** A location naming a PostgreSQL database rather than a state file. */
export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** The URL without its password, to show in messages. */
export function redactedUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}
