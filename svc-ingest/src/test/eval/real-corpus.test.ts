import { describe, expect, it } from 'vitest';
import { acceptedValues, readManifest, splitOf } from './real-corpus.js';

describe('real-deck corpus manifest (no deck file needed)', () => {
  const { decks, truths } = readManifest();

  it('lists at least 70 decks from at least 60 repositories, PDF and PPTX, each with its source, hash, licence and a truth', () => {
    expect(decks.length).toBeGreaterThanOrEqual(70);
    expect(new Set(decks.map((d) => d.repo)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(decks.map((d) => d.format))).toEqual(new Set(['pdf', 'pptx']));
    for (const deck of decks) {
      expect(deck.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(deck.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(deck.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(deck.licence).toBeTruthy();
      expect(truths[deck.id]).toBeDefined();
    }
    expect(new Set(decks.map((d) => d.sha256)).size).toBe(decks.length);
  });

  it('splits by repository into tune and test, both non-empty, no repository on both sides', () => {
    const splits = decks.map((d) => splitOf(d.repo));
    expect(splits.filter((s) => s === 'tune').length).toBeGreaterThan(20);
    expect(splits.filter((s) => s === 'test').length).toBeGreaterThan(20);
    const sides = new Map<string, Set<string>>();
    decks.forEach((d, i) => sides.set(d.repo, (sides.get(d.repo) ?? new Set()).add(splits[i]!)));
    expect([...sides.values()].filter((s) => s.size > 1)).toEqual([]);
    // Case does not move a repository to the other side.
    expect(splitOf('Skyocean-International/decks')).toBe(splitOf('skyocean-international/decks'));
  });

  it('writes metric truths as name, value, unit and period', () => {
    for (const deck of decks)
      for (const metric of truths[deck.id]!.metrics ?? []) {
        expect(metric.name).toBeTruthy();
        expect(metric.value).toBeTruthy();
      }
  });

  it('reads a truth list as the accepted values and null as none', () => {
    const truth = truths[decks[0]!.id]!;
    expect(acceptedValues({ ...truth, industry: ['Fintech', 'Crypto & Web3'] }, 'industry')).toEqual([
      'Fintech',
      'Crypto & Web3',
    ]);
    expect(acceptedValues({ ...truth, foundedYear: null }, 'foundedYear')).toEqual([]);
  });
});
