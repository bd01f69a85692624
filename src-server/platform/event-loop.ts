/** Resolves in the event loop's next turn, after the I/O that is ready (other requests, sockets to write) has run. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
