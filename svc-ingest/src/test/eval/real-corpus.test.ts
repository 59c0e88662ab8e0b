import { describe, expect, it } from 'vitest';
import { acceptedValues, readManifest, splitOf } from './real-corpus.js';

describe('real-deck corpus manifest (no deck file needed)', () => {
  const { decks, truths } = readManifest();

  it('lists at least 30 decks, PDF and PPTX, each with its source, hash, licence and a truth', () => {
    expect(decks.length).toBeGreaterThanOrEqual(30);
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

  it('splits by hash into tune and test, both non-empty', () => {
    expect(splitOf('0abc')).toBe('tune');
    expect(splitOf('fabc')).toBe('test');
    const splits = decks.map((d) => splitOf(d.sha256));
    expect(splits.filter((s) => s === 'tune').length).toBeGreaterThan(10);
    expect(splits.filter((s) => s === 'test').length).toBeGreaterThan(10);
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
