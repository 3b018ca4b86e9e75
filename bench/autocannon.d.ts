// The part of autocannon 8's programmatic API the concurrency and reload suites use (it ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each sending of this request; returns the request to send. */
    setupRequest?: (request: Request) => Request;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out (an error). */
    timeout?: number;
    /** Each connection cycles through them in order. */
    requests?: Request[];
  }

  interface Result {
    /** Connection errors and timeouts. */
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds. */
    duration: number;
  }

  /** Emits 'response' (client, statusCode, bytes, milliseconds) for every answer, 'reqError' (client, error) for a failed request. */
  type Instance = EventEmitter & {
    /** Ends the run before its duration (its callback then gets the result). */
    stop(): void;
  };

  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
