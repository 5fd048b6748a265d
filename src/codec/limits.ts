/**
 * How deep a JSON value may nest, for the decoder and the encoder alike: `JSON.parse` itself
 * accepts far deeper text, but writing such a value back (or hashing it as a query key) would
 * overflow the call stack. Both sides refuse the same depth with a typed error, so that whatever
 * decodes can be written back. A thousand levels is far beyond any response of the interface
 * (an intent nests six deep) and well within the stack of every supported runtime.
 */
export const MAX_DEPTH = 1000;
