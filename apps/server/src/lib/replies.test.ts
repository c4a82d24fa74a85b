import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, messageEnvelopeSchema } from '@netpulse/shared';
import { answer, errorResponses, okAnswer, responses } from './replies.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

describe('answer', () => {
  it('writes the success envelope with the message, and the data when there is some', () => {
    expect(answer('Done')).toStrictEqual({ success: true, message: 'Done' });
    expect(answer('Done', { n: 1 })).toStrictEqual({
      success: true,
      message: 'Done',
      data: { n: 1 },
    });
    expect(Object.keys(answer('Done', []))).toEqual(['success', 'message', 'data']);
  });

  it('answers a read under the plain OK', () => {
    expect(okAnswer([1, 2])).toStrictEqual({ success: true, message: 'OK', data: [1, 2] });
  });
});

describe('responses', () => {
  it('declares the success at 200 and each documented error as the message envelope', () => {
    const success = dataEnvelope(z.object({ n: z.number() }));
    const declared = responses(success, 401, 409, 429);
    expect(Object.keys(declared)).toEqual(['200', '401', '409', '429']);
    expect(declared[200]).toBe(success);
    for (const status of [401, 409, 429] as const) {
      expect(declared[status]).toBe(messageEnvelopeSchema);
    }
  });

  it('declares only the errors of a route without a JSON success', () => {
    expect(errorResponses(400, 503)).toStrictEqual({
      400: messageEnvelopeSchema,
      503: messageEnvelopeSchema,
    });
    expect(Object.keys(responses(messageEnvelopeSchema))).toEqual(['200']);
  });
});

describe('a route that answers through them', () => {
  it('writes the same bytes as the envelope written by hand', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get(
      '/read',
      { schema: { response: responses(dataEnvelope(z.object({ n: z.number() })), 429) } },
      async () => okAnswer({ n: 1 }),
    );
    app.post('/act', { schema: { response: responses(messageEnvelopeSchema, 409) } }, async () =>
      answer('Done'),
    );
    try {
      const read = await app.inject({ method: 'GET', url: '/read' });
      expect(read.body).toBe('{"success":true,"message":"OK","data":{"n":1}}');
      const act = await app.inject({ method: 'POST', url: '/act' });
      expect(act.body).toBe('{"success":true,"message":"Done"}');
    } finally {
      await app.close();
    }
  });
});
