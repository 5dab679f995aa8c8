/**
 * The config's `bad_input_connection`: where mcpact's bad input goes (connect/bad-input-line.ts). `own` (the
 * default) gives it a connection of its own where the transport allows one, so that a state it puts the server in
 * (a tripped breaker, a crash) never answers the valid work; `session` keeps everything on the run's one session,
 * for a server of which a second instance cannot run beside the first.
 */
import { z } from 'zod';

export const BAD_INPUT_CONNECTIONS = ['own', 'session'] as const;
export type BadInputConnection = (typeof BAD_INPUT_CONNECTIONS)[number];

export const badInputConnectionSchema = z
  .enum(BAD_INPUT_CONNECTIONS)
  .describe(
    "Where mcpact's bad input (invalid arguments, unknown names, malformed params) goes: own (default) on a connection of its own (a second server process over stdio, a second session over HTTP; not for the stateless 2026-07-28 era over HTTP), so that a state it puts the server in never answers the valid calls, reads and renders; session on the run's one session. docs/rules.md#bad-input-connection.",
  )
  .meta({ default: 'own' });
