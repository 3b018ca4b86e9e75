// Piscina worker: runs one named task of tasks.ts.
import { TASKS, type TaskName } from './tasks.js';

export default function run({ task, input }: { task: TaskName; input: never }): unknown {
  const fn = TASKS[task] as ((input: never) => unknown) | undefined;
  if (fn === undefined) throw new Error(`unknown statistics task ${String(task)}`);
  return fn(input);
}
