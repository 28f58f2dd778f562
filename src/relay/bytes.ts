/** One buffer from the chunks of a stream read up to `size` bytes (no copy when there is one chunk). */
export function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** A stream's bytes, read up to `cap`; 'too-large' (the rest cancelled) past it. */
export async function readCapped(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | 'too-large'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks, size);
    size += value.length;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
}
