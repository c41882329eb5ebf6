/**
 * A WebSocket handler's outgoing items through the route's compiled serializer: the stream is
 * passed on as it is (its `return()` still reaches the handler's generator when the client
 * leaves), each object item replaced by its JSON text, which the session sends as a text frame.
 */
import type { CompiledSerializer } from './index.js';

export async function encodeItems(result: unknown, serialize: CompiledSerializer): Promise<unknown> {
  const source = await result;
  if (!isAsyncIterable(source)) return source;
  return {
    [Symbol.asyncIterator](): AsyncIterator<unknown> {
      const inner = source[Symbol.asyncIterator]();
      return {
        next: async () => {
          const step = await inner.next();
          if (step.done === true || step.value === undefined || typeof step.value === 'string') return step;
          return { done: false, value: serialize(step.value) };
        },
        return: async (value?: unknown) => (inner.return ? inner.return(value) : { done: true, value }),
      };
    },
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}
