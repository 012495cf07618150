import type { Writable } from 'node:stream';

/**
 * Resolves once `stream` has room again, or is gone (the client hung up): what a writer of a long answer awaits
 * when a write said the buffer is full, so that the answer is made no faster than it is sent.
 */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
