/**
 * What a guru's passages say, read once per training (decision 065): the words the spelling check compares a
 * question with, and the glossary the course gives in brackets. Passages change only when a training lands, which
 * sets `trained_at`, so an entry is keyed by the guru and that moment; a retrained guru's old entry is never
 * asked for again and ages out. Each instance keeps its own (nothing to invalidate across instances). A guru
 * never trained is not cached: its passages may be put in place by hand (the seed, tests).
 */
const MAX_ENTRIES = 64;

export class CourseWordsCache<T> {
  private readonly entries = new Map<string, T>();

  async read(guru: { id: string; trainedAt: Date | null }, load: () => Promise<T>): Promise<T> {
    if (!guru.trainedAt) return load();
    const key = `${guru.id}@${guru.trainedAt.getTime()}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      // Most recently used last: the first entry is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = await load();
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
