// deckcheck.js: checks a hand's deck proof in the browser, by the procedure of docs/decks.md
// (issue 37), with nothing from the server but the proof: SHA-256 of the seed against the
// commitment, the deck seed from the seed and the players' values, the deck shuffled from it
// (ChaCha20, unbiased draws, Fisher-Yates from the bottom card), and every card dealt at its
// place. SHA-256 is written out here: `crypto.subtle` is missing on a page served over plain
// HTTP in the room's network. No test ids here.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotr = (x, n) => (x >>> n) | (x << (32 - n));

/** SHA-256 of `bytes` (a Uint8Array). */
export function sha256(bytes) {
  const bits = bytes.length * 8;
  const padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const hash = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = hash;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((x, i) => { hash[i] = (hash[i] + x) >>> 0; });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  hash.forEach((x, i) => outView.setUint32(4 * i, x));
  return out;
}

export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** 64 hex digits as 32 bytes, or null. */
export function fromHex(text) {
  if (typeof text !== 'string' || !/^[0-9a-fA-F]{64}$/.test(text)) return null;
  return Uint8Array.from(text.match(/../g), (b) => parseInt(b, 16));
}

/** ChaCha20's words from a 32-byte key, nonce and counter from 0, block after block. */
function chacha20Words(key) {
  const kv = new DataView(key.buffer, key.byteOffset, 32);
  const state = new Uint32Array(16);
  state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  for (let i = 0; i < 8; i++) state[4 + i] = kv.getUint32(4 * i, true);
  let counter = 0;
  let block = new Uint32Array(16);
  let at = 16;
  const x = new Uint32Array(16);
  const rotl = (v, n) => (v << n) | (v >>> (32 - n));
  const quarter = (a, b, c, d) => {
    x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
    x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
    x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
    x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
  };
  return () => {
    if (at === 16) {
      state[12] = counter >>> 0;
      state[13] = Math.floor(counter / 2 ** 32);
      counter++;
      x.set(state);
      for (let r = 0; r < 10; r++) {
        quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15);
        quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14);
      }
      block = x.map((v, i) => v + state[i]);
      at = 0;
    }
    return block[at++] >>> 0;
  };
}

/** A uniform number below `n` from 32-bit words: words above the largest multiple of `n`
 * (less one) are drawn again. */
function below(next, n) {
  const zone = 2 ** 32 - 1 - ((2 ** 32 - n) % n);
  for (;;) {
    const x = next();
    if (x <= zone) return x % n;
  }
}

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';

/** The 52 cards shuffled from a 32-byte deck seed, the top first. */
export function deckOf(seed) {
  const cards = [];
  for (let i = 0; i < 52; i++) cards.push(RANKS[i >> 2] + SUITS[i & 3]);
  const next = chacha20Words(seed);
  for (let i = 51; i >= 1; i--) {
    const j = below(next, i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** The differences between a proof and the procedure, as [key, args] for the page's words;
 * none when the hand checks. */
export function check(proof) {
  const out = [];
  const seed = fromHex(proof.seed);
  if (!seed) return [['deck_bad_seed', {}]];
  if (hex(sha256(seed)) !== proof.commitment) out.push(['deck_bad_commitment', {}]);
  const values = [...proof.values].sort((a, b) => a.seat - b.seat).map((v) => fromHex(v.value));
  if (values.some((v) => !v)) return [...out, ['deck_bad_value', {}]];
  let deckSeed = seed;
  if (values.length) {
    const all = new Uint8Array(32 * (values.length + 1));
    all.set(seed);
    values.forEach((v, i) => all.set(v, 32 * (i + 1)));
    deckSeed = sha256(all);
  }
  if (hex(deckSeed) !== proof.deck_seed) out.push(['deck_bad_deck_seed', {}]);
  const deck = deckOf(deckSeed);
  const places = new Set();
  for (const d of proof.dealt) {
    places.add(d.at);
    if (deck[d.at] !== d.card) out.push(['deck_bad_card', { at: d.at, card: d.card, deck: deck[d.at] ?? '–' }]);
  }
  for (let at = 0; at < proof.dealt.length; at++) {
    if (!places.has(at)) out.push(['deck_gap', { at }]);
  }
  return out;
}
