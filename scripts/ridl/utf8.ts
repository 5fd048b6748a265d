/**
 * Decoding of source bytes as Go's `[]rune(string(bytes))` does it: a well-formed UTF-8 sequence
 * becomes its code point; every byte that does not start a well-formed sequence becomes one
 * U+FFFD on its own (so a truncated three-byte sequence gives two U+FFFD, where the WHATWG
 * decoder behind `Buffer.toString` gives one). Columns in webrpc's messages count these runes.
 */

const REPLACEMENT = 0xfffd;

/** The length of the well-formed UTF-8 sequence starting at `i`, or 0 if there is none. */
export function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] as number;
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    // E0 excludes overlong forms, ED excludes the surrogates.
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    // F0 excludes overlong forms, F4 stops at U+10FFFF.
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Decodes `bytes` with one U+FFFD per byte that is not part of a well-formed sequence. */
export function decodeGoUtf8(bytes: Uint8Array): string {
  const codePoints: number[] = [];
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      codePoints.push(REPLACEMENT);
      i++;
    } else {
      const b0 = bytes[i] as number;
      let cp = n === 1 ? b0 : b0 & (0xff >> (n + 1));
      for (let k = 1; k < n; k++) cp = (cp << 6) | ((bytes[i + k] as number) & 0x3f);
      codePoints.push(cp);
      i += n;
    }
    if (codePoints.length >= 4096) {
      out += String.fromCodePoint(...codePoints);
      codePoints.length = 0;
    }
  }
  return out + String.fromCodePoint(...codePoints);
}
