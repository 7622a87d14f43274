import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * At most `size` large player answers (get.php, the listings) streamed at once by one process (decision
 * 0100). Each streaming answer costs the event loop a read, a marker pass and a socket write per chunk; 200
 * at once made every loop turn long enough that a stream start waited seconds between its steps. The bytes
 * a second stay the same (the CPU is the limit either way); what changes is that an answer waits for a slot
 * before its first byte, and a start waits behind a few transfers, not all of them. 0: no limit.
 */
export class AnswerSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Resolves when a slot is free; the function it gives frees it (calling it again does nothing). */
  async take(): Promise<() => void> {
    if (this.size > 0) {
      if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.active += 1;
    }
    let freed = false;
    return () => {
      if (freed || this.size === 0) return;
      freed = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line: `active` stays as it is.
      if (next) next();
      else this.active -= 1;
    };
  }

  /** Answers streaming now and waiting for a slot (metrics, tests). */
  get counts(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}

/**
 * A large answer waits for one of the process's answer slots before its first byte and frees it when the
 * response ends or the client goes away (decision 0100); a client gone while it waited gets nothing.
 */
export async function sendInSlot(
  reply: FastifyReply,
  body: Readable,
  slots: AnswerSlots,
): Promise<FastifyReply> {
  let gone = false;
  const onGone = () => {
    gone = true;
  };
  reply.raw.once('close', onGone);
  const free = await slots.take();
  reply.raw.off('close', onGone);
  if (gone || reply.raw.destroyed) {
    free();
    body.destroy();
    return reply.send('');
  }
  reply.raw.once('close', free);
  return reply.send(body);
}
