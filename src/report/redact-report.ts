/**
 * A finished report with the run's secrets redacted, walked along the report model (model/report.ts): every string
 * a server or the user supplied is redacted, and a server's free-form data (finding data, serverInfo) whole; keys,
 * enums, literals and mcpact's own words (OWN_WORDS) are left as they are. A secret that is also a severity or a
 * field name ("error", "servers") therefore changes neither the verdict nor the report's shape. The verdict and the
 * exit code are computed before, from the report as it was built.
 */
import { z } from 'zod';
import { findingSchema, OWN_WORDS, ruleResultSchema, runReportSchema, serverReportSchema, type RunReport } from '../model/report.js';
import { redactData, type Secrets } from '../util/secrets.js';
import type { ReportHooks } from './hooks.js';

export function redactReport(report: RunReport, secrets: Secrets): RunReport {
  if (secrets.count === 0) return report;
  const redacted = along(runReportSchema, report, secrets);
  return secrets.noisy > 0 ? { ...redacted, redaction: { noisy: secrets.noisy } } : redacted;
}

/** A streaming reporter's hooks, hearing what the final report will say: the same values redacted the same way. */
export function redactedHooks(hooks: ReportHooks, secrets: Secrets): ReportHooks {
  // Wrapped even while there is no secret yet: a token renewed mid-run becomes one (util/secrets.ts).
  return {
    ...(hooks.onServerStart && { onServerStart: (server, transport) => hooks.onServerStart?.(secrets.text(server), transport) }),
    ...(hooks.onFamilyDone && {
      onFamilyDone: (server, family, results, findings) =>
        hooks.onFamilyDone?.(
          secrets.text(server),
          family,
          results.map((result) => along(ruleResultSchema, result, secrets)),
          findings.map((finding) => along(findingSchema, finding, secrets)),
        ),
    }),
    ...(hooks.onServerDone && { onServerDone: (report) => hooks.onServerDone?.(along(serverReportSchema, report, secrets)) }),
    ...(hooks.onStderrLine && { onStderrLine: (server, line) => hooks.onStderrLine?.(secrets.text(server), secrets.text(line)) }),
  };
}

function along<T>(schema: z.ZodType<T>, value: T, secrets: Secrets): T {
  // The walk copies the value along its own schema and turns strings into strings only: the copy is still a T.
  return walk(schema, value, secrets) as T;
}

function walk(schema: z.core.$ZodType, value: unknown, secrets: Secrets): unknown {
  if (value === undefined || value === null || OWN_WORDS.has(schema)) return value;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return walk(schema.unwrap(), value, secrets);
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral || schema instanceof z.ZodNumber || schema instanceof z.ZodBoolean) return value;
  if (schema instanceof z.ZodString) return typeof value === 'string' ? secrets.text(value) : value;
  if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.map((item) => walk(schema.element, item, secrets)) : value;
  if (schema instanceof z.ZodObject && typeof value === 'object' && !Array.isArray(value)) {
    const shape: Record<string, z.core.$ZodType> = schema.shape;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, Object.hasOwn(shape, key) ? walk(shape[key]!, item, secrets) : redactData(item, secrets)]),
    );
  }
  // A record, a union or unknown: a server's data, its own keys included.
  return redactData(value, secrets);
}
