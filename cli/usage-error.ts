/** A command line that names no valid command or misses an argument. */
export class UsageError extends Error {}
