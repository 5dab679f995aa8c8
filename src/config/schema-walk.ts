/**
 * Finds the keys a zod object schema allows at a path of the data, for did-you-mean hints.
 * Discriminated unions are resolved with the data's own discriminator value.
 */
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;
type Path = readonly (string | number)[];

export function allowedKeysAt(schema: AnySchema, path: Path, data: unknown): string[] {
  let current: AnySchema | undefined = schema;
  let value = data;
  for (const key of path) {
    current = current && step(unwrap(current, value), key);
    value = isIndexable(value) ? (value as Record<string | number, unknown>)[key] : undefined;
  }
  const target = current && unwrap(current, value);
  return target?._zod.def.type === 'object' ? Object.keys((target._zod.def as z.core.$ZodObjectDef).shape) : [];
}

function unwrap(schema: AnySchema, value: unknown): AnySchema {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') {
    return unwrap((def as z.core.$ZodOptionalDef).innerType, value);
  }
  // A transformed schema (drift.levels maps renamed ids): the keys are its input's.
  if (def.type === 'pipe') return unwrap((def as z.core.$ZodPipeDef).in, value);
  if (def.type === 'union') {
    const options = (def as z.core.$ZodUnionDef).options;
    const discriminator = (def as { discriminator?: string }).discriminator;
    const chosen =
      discriminator && isIndexable(value)
        ? options.find((option) => literalOf(option, discriminator) === (value as Record<string, unknown>)[discriminator])
        : undefined;
    return unwrap(chosen ?? options[0]!, value);
  }
  return schema;
}

function step(schema: AnySchema, key: string | number): AnySchema | undefined {
  const def = schema._zod.def;
  if (def.type === 'object') return (def as z.core.$ZodObjectDef).shape[String(key)];
  if (def.type === 'array') return (def as z.core.$ZodArrayDef).element;
  if (def.type === 'record') return (def as z.core.$ZodRecordDef).valueType;
  return undefined;
}

function literalOf(option: AnySchema, key: string): unknown {
  const def = option._zod.def;
  if (def.type !== 'object') return undefined;
  const field = (def as z.core.$ZodObjectDef).shape[key];
  return field?._zod.def.type === 'literal' ? (field._zod.def as z.core.$ZodLiteralDef<z.core.util.Literal>).values[0] : undefined;
}

function isIndexable(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
