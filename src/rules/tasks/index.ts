/**
 * The Tasks extension (io.modelcontextprotocol/tasks) as its Final text, SEP-2663, defines it: what a server that
 * declares it answers to a task-augmented tools/call, tasks/get, tasks/cancel and the removed tasks/result.
 */
import { createResult } from './create-result.js';
import { getResult } from './get-result.js';
import { terminalStable } from './terminal-stable.js';
import { cancel } from './cancel.js';
import { ttl } from './ttl.js';
import { removedMethods } from './removed-methods.js';
import { unknownTask } from './unknown-task.js';
import { undeclaredClient } from './undeclared-client.js';

export const tasksRules = [createResult, getResult, terminalStable, cancel, ttl, removedMethods, unknownTask, undeclaredClient] as const;
