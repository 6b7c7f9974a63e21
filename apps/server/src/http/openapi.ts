import {
  allCalls,
  allEventStreams,
  allUploads,
  type CallDef,
  type EventStreamDef,
  envelopeSchema,
  errorEnvelopeSchema,
  type UploadDef,
} from '@helio/contracts';
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

/** The success and refusal answers of an operation whose data is `data`. */
function responses(data: z.ZodType) {
  return {
    200: {
      description: 'Success envelope',
      content: { 'application/json': { schema: jsonSchema(envelopeSchema(data), 'input') } },
    },
    400: {
      description: 'Refusal: msg is a code of the error catalogue',
      content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output') } },
    },
  };
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
    responses: responses(call.data),
  };
}

/** A multipart upload: one binary file in its field. */
function uploadOperation(upload: UploadDef) {
  const schema = {
    type: 'object',
    required: [upload.field],
    properties: { [upload.field]: { type: 'string', format: 'binary' } },
  };
  return {
    operationId: upload.path.replace(/\W+/g, '_'),
    summary: upload.summary,
    tags: [upload.domain],
    security: [{ token: [] }],
    description: `One file in field \`${upload.field}\`: ${upload.mediaTypes.join(', ')} recognised by its content, at most ${upload.maxBytes} bytes. Refused with 9001 for the read-only demo account.`,
    requestBody: { required: true, content: { 'multipart/form-data': { schema } } },
    responses: responses(upload.data),
  };
}

/** A stream of server-sent events: JSON events on `data:` lines; refusals before it begins as envelopes. */
function streamOperation(stream: EventStreamDef) {
  const body = jsonSchema(stream.body, 'input');
  const { 200: _json, ...refusals } = responses(z.null());
  return {
    operationId: stream.path.replace(/\W+/g, '_'),
    summary: stream.summary,
    tags: [stream.domain],
    security: [{ token: [] }],
    description:
      'Server-sent events: each `data:` line holds one event (the schema below, as JSON); comment lines keep the stream alive.',
    requestBody: { required: false, content: { 'application/json': { schema: body } } },
    responses: {
      200: {
        description: 'The event stream',
        content: { 'text/event-stream': { schema: jsonSchema(stream.event, 'output') } },
      },
      ...refusals,
    },
  };
}

/** The OpenAPI 3.0 document of every call, generated from the contracts. */
export function openApiDocument(options: { version: string; prefix: string; calls?: CallDef[] }) {
  const paths: Record<
    string,
    {
      post:
        | ReturnType<typeof operation>
        | ReturnType<typeof uploadOperation>
        | ReturnType<typeof streamOperation>;
    }
  > = {};
  for (const call of options.calls ?? allCalls)
    paths[`${options.prefix}${call.path}`] = { post: operation(call) };
  for (const upload of options.calls ? [] : allUploads)
    paths[`${options.prefix}${upload.path}`] = { post: uploadOperation(upload) };
  for (const stream of options.calls ? [] : allEventStreams)
    paths[`${options.prefix}${stream.path}`] = { post: streamOperation(stream) };
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
