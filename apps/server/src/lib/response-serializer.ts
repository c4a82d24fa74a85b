/**
 * How every answer is written (docs/decisions/020, issue 19): each zod response
 * schema is turned once, when the first route answering it is registered, into a
 * JSON Schema (zod's own `toJSONSchema`, output side) and compiled by
 * fast-json-stringify, the serializer Fastify itself uses. The answer is written
 * by generated code that knows every field, instead of being checked by a zod
 * parse and then walked by JSON.stringify: the parse was most of a hot read's
 * own CPU. What reaches the client is still exactly the schema's fields (a
 * property the schema does not name is never written, so nothing leaks). A
 * schema zod cannot express as JSON Schema keeps the zod serializer.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** The zod schema of a response, as the type provider finds it. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

type Serializer = (data: unknown) => string;

/**
 * The compiled serializer of each zod schema, or null for one zod cannot express as
 * JSON Schema. A schema is a module's constant, so an app built again in the same
 * process (every test builds one) or a second route answering the same schema reuses
 * the compiled code: compiling every route's serializer was about a second of each
 * test's app.
 */
const compiledSerializers = new WeakMap<z.ZodType, Serializer | null>();

function compiledSerializerOf(schema: z.ZodType): Serializer | null {
  const known = compiledSerializers.get(schema);
  if (known !== undefined) return known;
  let compiled: Serializer | null = null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    compiled = fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    // A transform, a date or a custom type: the zod serializer checks and writes it.
  }
  compiledSerializers.set(schema, compiled);
  return compiled;
}

export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema);
  const compiled = schema ? compiledSerializerOf(schema) : null;
  return compiled ?? zodSerializerCompiler(route as RouteSchema);
};
