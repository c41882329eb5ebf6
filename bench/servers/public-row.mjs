// The hand-written mapping a server without a response schema needs so that a stored row's
// undeclared field (`secret`) never leaves: the public shape, field by field, then JSON.stringify.
export function toPublicRow(row) {
  const out = { id: row.id, name: row.name, profile: { city: row.profile.city, score: row.profile.score } };
  out.createdAt = row.createdAt;
  if (row.note !== undefined) out.note = row.note;
  return out;
}
