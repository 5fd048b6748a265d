/**
 * Ops: one module per operation of the schema, each a function from a decoded, validated request
 * and its call context to a response object (or a thrown typed error), and their table. They
 * read and change the server's state through the `context` room and know nothing of HTTP: the
 * handler routes to them through the `operations` table.
 */
export { type Answer, type Handler, OPERATIONS_FILE, operations } from "./operations.js";
