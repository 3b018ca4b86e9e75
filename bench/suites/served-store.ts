// Serves a store for the HTTP suites: the server child process on a free port, the SQL replayer
// beside it and the study's sample and patient ids, handed to `work` as a SuiteContext; all closed after.
import { freePort, startServer } from '../harness.js';
import { SqlReplayer } from '../sql-replay.js';
import { STUDY, type SuiteContext } from './context.js';

export async function withServedStore<T>(dbPath: string, options: { runs: number; log?: (line: string) => void }, work: (ctx: SuiteContext, serverPid: number) => Promise<T>): Promise<T> {
  const server = await startServer(dbPath, await freePort());
  let replayer: SqlReplayer | undefined;
  try {
    replayer = await SqlReplayer.open(dbPath);
    const ids = (await (await fetch(`${server.base}/api/studies/${STUDY}/samples?projection=ID&pageSize=10000000`)).json()) as { sampleId: string; patientId: string }[];
    const ctx = {
      base: server.base, replayer, sampleIds: ids.map((s) => s.sampleId), patientIds: [...new Set(ids.map((s) => s.patientId))],
      runs: options.runs, log: options.log ?? console.log,
    };
    return await work(ctx, server.process.pid!);
  } finally {
    await replayer?.close();
    await server.stop();
  }
}
