// A response body made of text pieces from an async iterator (a whole synthesis, an export): one
// piece is produced per pull, so the producer — usually a database cursor — only reads ahead as
// far as the client has taken. The first piece is produced before the body is returned: an error
// there (a query that fails at once) rejects, and the route answers it with its status; a later
// one can only cut the body short. Cancelling the body returns the iterator (closing its cursor).

export async function streamText(pieces: AsyncIterable<string>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = pieces[Symbol.asyncIterator]();
  let next: IteratorResult<string> | null = await iterator.next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      next ??= await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
      next = null;
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
