/** The same stored rows as every server's (bench/lib/scenarios.mjs storedRows). */
export interface StoredRow {
  id: number;
  name: string;
  profile: { city: string; score: number };
  createdAt: Date;
  note?: string;
  secret: string;
}

export function storedRows(): StoredRow[] {
  return Array.from({ length: 100 }, (_, index) => ({
    id: index + 1,
    name: `row ${index + 1}`,
    profile: { city: ['Paris', 'Oslo', 'Lima', 'Pune'][index % 4] as string, score: index * 1.5 },
    createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, index)),
    ...(index % 3 === 0 ? { note: `note ${index}` } : {}),
    secret: `internal-${index}`,
  }));
}
