// Sends fuzz requests a few at a time and sorts what broke: answers ≥ 500, the process exiting
// (it is started again so that the remaining variants still run), hangs, and 4xx answers without
// the JSON body clients parse.
import { FuzzClient, type FuzzRequest, type Outcome } from './client.js';
import type { ServerProcess } from '../helpers/server-process.js';

export interface Findings {
  sent: number;
  serverErrors: string[];
  exits: string[];
  hangs: string[];
  /** A 4xx whose body is not JSON (an empty one is allowed only where api.md says so). */
  unparsable: string[];
  /** No answer while the process lived (the server closed the connection). */
  unanswered: string[];
}

export const noFindings = (): Findings => ({ sent: 0, serverErrors: [], exits: [], hangs: [], unparsable: [], unanswered: [] });

const EMPTY_BODY_ALLOWED = [401, 404];

/** Classifies one outcome into `findings`; true when the server process died on it. */
export function record(findings: Findings, server: ServerProcess, name: string, o: Outcome): boolean {
  findings.sent++;
  const what = `${name} → ${o.status ?? o.error} ${o.body.slice(0, 160)}`;
  if (o.error === 'timeout') findings.hangs.push(what);
  else if (!server.alive) {
    findings.exits.push(what);
    return true;
  } else if (o.status === undefined) findings.unanswered.push(what);
  else if (o.status >= 500) findings.serverErrors.push(what);
  else if (o.status >= 400 && !parses(o.body) && !(o.body === '' && EMPTY_BODY_ALLOWED.includes(o.status))) findings.unparsable.push(what);
  return false;
}

const parses = (text: string) => { try { JSON.parse(text); return true; } catch { return false; } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends every request (`concurrency` at a time); a dead server is started again, at most `maxRestarts` times. */
export async function runAll(server: ServerProcess, client: FuzzClient, requests: readonly FuzzRequest[], findings: Findings, maxRestarts = 3, concurrency = 4): Promise<void> {
  let next = 0;
  let reviving: Promise<unknown> | undefined;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      await reviving;
      const outcome = await client.send(r);
      // An exit shows as a reset or refused connection; the exit event may trail the socket's error.
      if (outcome.status === undefined && outcome.error !== 'timeout') await sleep(100);
      if (record(findings, server, r.name, outcome) && !reviving) {
        if (server.restarts >= maxRestarts) throw new Error(`the server exited ${server.restarts + 1} times; last on ${r.name}`);
        reviving = server.reviveIfDead().then(() => client.reset()).finally(() => (reviving = undefined));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
