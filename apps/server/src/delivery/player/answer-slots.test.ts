import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AnswerSlots, sendInSlot } from './answer-slots';

describe('answer slots (decision 0100)', () => {
  it('lets `size` answers stream at once, the next in the order they asked as each ends', async () => {
    const slots = new AnswerSlots(2);
    const first = await slots.take();
    const second = await slots.take();
    const order: string[] = [];
    const third = slots.take().then((free) => (order.push('third'), free));
    const fourth = slots.take().then((free) => (order.push('fourth'), free));
    await Promise.resolve();
    expect(slots.counts).toEqual({ active: 2, waiting: 2 });
    expect(order).toEqual([]);

    first();
    first(); // a second call frees nothing more
    const freeThird = await third;
    expect(order).toEqual(['third']);
    expect(slots.counts).toEqual({ active: 2, waiting: 1 });

    second();
    const freeFourth = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    freeThird();
    freeFourth();
    expect(slots.counts).toEqual({ active: 0, waiting: 0 });
  });

  it('0 means no limit', async () => {
    const slots = new AnswerSlots(0);
    const frees = await Promise.all(Array.from({ length: 500 }, () => slots.take()));
    expect(slots.counts).toEqual({ active: 0, waiting: 0 });
    for (const free of frees) free();
    expect(slots.counts).toEqual({ active: 0, waiting: 0 });
  });
});

describe('sendInSlot through a real server', () => {
  /** One route whose answers are streams the test ends when it wants, in a process with one slot. */
  async function serverWithOneSlot() {
    const slots = new AnswerSlots(1);
    const bodies: PassThrough[] = [];
    const app = Fastify();
    app.get('/answer', (_request, reply) => {
      const body = new PassThrough();
      bodies.push(body);
      body.write('first bytes\n');
      return sendInSlot(reply, body, slots);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    return { app, slots, bodies, url: `http://127.0.0.1:${port}/answer` };
  }

  function get(url: string): { response: Promise<IncomingMessage>; request: ClientRequest } {
    let request!: ClientRequest;
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      request = httpGet(url, resolve).on('error', reject);
    });
    return { response, request };
  }

  it('starts the second answer only when the first has ended', async () => {
    const { app, slots, bodies, url } = await serverWithOneSlot();
    try {
      const first = await get(url).response;
      expect(first.statusCode).toBe(200);
      const second = get(url);
      let secondArrived = false;
      void second.response.then(() => (secondArrived = true));
      await vi.waitFor(() => expect(slots.counts).toEqual({ active: 1, waiting: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(secondArrived).toBe(false);

      bodies[0]!.end('last bytes\n');
      expect(await text(first)).toBe('first bytes\nlast bytes\n');
      const answer = await second.response;
      bodies[1]!.end();
      expect(await text(answer)).toBe('first bytes\n');
      await vi.waitFor(() => expect(slots.counts).toEqual({ active: 0, waiting: 0 }));
    } finally {
      await app.close();
    }
  });

  it('gives back the slot of a client gone while it waited, and of one gone while streaming', async () => {
    const { app, slots, bodies, url } = await serverWithOneSlot();
    try {
      const first = await get(url).response;
      const waiting = get(url);
      waiting.response.catch(() => undefined);
      await vi.waitFor(() => expect(slots.counts).toEqual({ active: 1, waiting: 1 }));
      // Gone, and seen gone by the server, before its turn comes.
      waiting.request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      bodies[0]!.end();
      expect(await text(first)).toBe('first bytes\n');
      await vi.waitFor(() => expect(slots.counts).toEqual({ active: 0, waiting: 0 }));
      expect(bodies[1]!.destroyed).toBe(true);

      const streaming = get(url);
      await streaming.response;
      expect(slots.counts).toEqual({ active: 1, waiting: 0 });
      streaming.request.destroy();
      await vi.waitFor(() => expect(slots.counts).toEqual({ active: 0, waiting: 0 }));
    } finally {
      await app.close();
    }
  });
});

async function text(response: IncomingMessage): Promise<string> {
  let all = '';
  for await (const chunk of response) all += String(chunk);
  return all;
}
