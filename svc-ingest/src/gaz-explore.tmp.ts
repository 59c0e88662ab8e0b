import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, readManifest, splitOf } from './eval/real-corpus.js';
import { findCityMentions, formatCity } from './extraction/gazetteer.js';
import { normalizeLine } from './extraction/text-normalize.js';
const { decks, truths } = readManifest();
for (const d of decks) {
  if (splitOf(d.sha256) !== 'tune') continue;
  const deck = JSON.parse(readFileSync(join(CACHE_DIR, 'text', `${d.sha256}.json`), 'utf8'));
  const pages: string[] = deck.pages.map((p: { text: string }[]) => p.map((l) => normalizeLine(l.text)).filter(Boolean).join('\n'));
  console.log(`== ${d.id} truth=${JSON.stringify(truths[d.id]!.location)} pages=${pages.length}`);
  pages.forEach((t, i) => {
    for (const m of findCityMentions(t)) {
      const ls = t.lastIndexOf('\n', m.index) + 1; const le = t.indexOf('\n', m.index);
      console.log(`  p${i} ${formatCity(m.city)} cue=${m.cue} | ${t.slice(ls, le < 0 ? undefined : le).slice(0, 140)}`);
    }
  });
}
