/** Drops a UTF-8 sequence cut off at the end of `bytes` (at most 3 bytes), so a byte cut never splits a character. */
export function withoutIncompleteTail(bytes: Buffer): Buffer {
  const length = bytes.length;
  for (let back = 1; back <= Math.min(4, length); back += 1) {
    const byte = bytes[length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.subarray(0, length - back) : bytes;
  }
  return bytes;
}
