import { EventEmitter } from 'node:events';
import type { RealtimeMessage } from '@vigil/contracts';

/**
 * Fan-out of realtime messages to every open stream. In-process by default (one server); a Redis or NATS
 * implementation of the same interface is the step for several server instances.
 */
export interface RealtimeBus {
  publish(message: RealtimeMessage): void;
  subscribe(listener: (message: RealtimeMessage) => void): () => void;
}

export class InProcessBus implements RealtimeBus {
  readonly #emitter = new EventEmitter();
  constructor() {
    // Every open stream is a listener; thousands are normal, not a leak.
    this.#emitter.setMaxListeners(0);
  }
  publish(message: RealtimeMessage): void {
    this.#emitter.emit('message', message);
  }
  subscribe(listener: (message: RealtimeMessage) => void): () => void {
    this.#emitter.on('message', listener);
    return () => this.#emitter.off('message', listener);
  }
}
