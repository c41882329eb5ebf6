// The hand-written check of the POST /users body for the servers whose framework has no
// validator of its own (node:http, Express, Hono's validator middleware). Same rules as the
// JSON schema (Fastify), the class-validator DTO (Nest) and the TypeScript type (svc).

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidUser(u) {
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.name === 'string' &&
    u.name.length >= 1 &&
    u.name.length <= 100 &&
    typeof u.email === 'string' &&
    EMAIL.test(u.email) &&
    Number.isInteger(u.age) &&
    u.age >= 0 &&
    u.age <= 150 &&
    Array.isArray(u.tags) &&
    u.tags.every((t) => typeof t === 'string')
  );
}
