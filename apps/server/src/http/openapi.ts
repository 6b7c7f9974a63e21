import { allCalls, type CallDef, envelopeSchema, errorEnvelopeSchema } from '@helio/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function operation(call: CallDef) {
  const body = jsonSchema(call.body, 'input');
  const mediaType = call.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const content: Record<string, { schema: JsonSchema }> = { [mediaType]: { schema: body } };
  if (call.encoding === 'form') content['application/json'] = { schema: body };
  return {
    operationId: call.path.replace(/\W+/g, '_'),
    summary: call.summary,
    tags: [call.domain],
    security: call.access === 'public' ? [] : [{ token: [] }],
    description:
      call.kind === 'write' ? 'Changes data: refused with 9001 for the read-only demo account.' : undefined,
    requestBody: { required: false, content },
    responses: {
      200: {
        description: 'Success envelope',
        content: { 'application/json': { schema: jsonSchema(envelopeSchema(call.data), 'input') } },
      },
      400: {
        description: 'Refusal: msg is a code of the error catalogue',
        content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output') } },
      },
    },
  };
}

/** The OpenAPI 3.0 document of every call, generated from the contracts. */
export function openApiDocument(options: { version: string; prefix: string; calls?: CallDef[] }) {
  const paths: Record<string, { post: ReturnType<typeof operation> }> = {};
  for (const call of options.calls ?? allCalls)
    paths[`${options.prefix}${call.path}`] = { post: operation(call) };
  return {
    openapi: '3.0.3',
    info: {
      title: 'Helio API',
      version: options.version,
      description:
        'Every call is POST. Answers are {code: 1, msg: "0000", data} on success and {code: 400, msg: "<catalogue code>"} on refusal. Send the session token in the Token header.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
    paths,
  };
}
