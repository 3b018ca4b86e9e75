// The `duckportal` command line: one sub-command per job (see README.md for usage).
import { parseArgs } from 'node:util';
import { LoadError } from '../loaders/errors.js';
import { ConfigError } from '../server/config/settings.js';
import { StateStoreUnavailable } from '../engine/state/state-backend.js';
import { commands, type Command } from './commands.js';
import { UsageError } from './usage-error.js';

const USAGE = `usage:
  duckportal genes import <path> --db <file> [--genome hg19|hg38]
  duckportal genesets import <dir> --db <file> [--version <name>]
  duckportal cosmic import <CosmicCodingMuts.vcf[.gz]> --db <file>
  duckportal load <study-dir>... --db <file> [--html <report.html>]
  duckportal validate <study-dir>... [--db <file>] [--html <report.html>]   (exit 0 valid, 1 errors, 3 warnings, 2 not run)
  duckportal list --db <file>
  duckportal delete <studyId> --db <file>
  duckportal serve --db <file> [--port 8080] [--host 127.0.0.1] [--config application.properties] [--no-warm-up] [--state <postgresql://…>]
  duckportal users grant <user> <authority> --db <file> | --state <postgresql://…>     (e.g. cbioportal:brca_tcga, cbioportal:ALL)
  duckportal users revoke <user> <authority> --db <file> | --state <postgresql://…>
  duckportal users list --db <file> | --state <postgresql://…>
  duckportal demo --out <dir> [--samples 1000] [--seed 1]
  duckportal start            (npm start: demo study + serve on http://127.0.0.1:8080)`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      out: { type: 'string' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      genome: { type: 'string' },
      version: { type: 'string' },
      config: { type: 'string' },
      html: { type: 'string' },
      state: { type: 'string' },
      'no-warm-up': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [first, second, ...rest] = positionals;
  const twoWord = `${first} ${second}`;
  const name = twoWord in commands ? twoWord : first;
  const command: Command | undefined = name ? commands[name] : undefined;
  if (values.help || !command) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const args = name === twoWord ? rest : [second, ...rest].filter((a): a is string => a !== undefined);
  await command(args, values);
}

// The output only reports: a reader that goes away (`duckportal load a b c | head`, a closed
// terminal) must not stop the work, so write errors (EPIPE) are dropped instead of killing the
// process, and the later studies still load.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof LoadError || error instanceof ConfigError || error instanceof StateStoreUnavailable) console.error(`error: ${error.message}`);
  else if (error instanceof UsageError) console.error(`error: ${error.message}\n\n${USAGE}`);
  else console.error(error);
  process.exitCode = 1;
});
