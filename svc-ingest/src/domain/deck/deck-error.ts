/** A deck that cannot be read: fails its record with `reason`, never the service. */
export class DeckError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DeckError';
  }
}
