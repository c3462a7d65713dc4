// Provably fair deals, checked in the browser (docs/rules.md §3, algorithm "hmac-sha256-fy-v1").
//
// Everything is recomputed here with WebCrypto (crypto.subtle): the commitment is the SHA-256
// of the revealed server seed; the deck of deal n is the canonical deck shuffled by
// Fisher–Yates from the end, each swap index drawn without modulo bias from the words of
// HMAC-SHA256(key = server seed, message = "<client>|<n>|<counter>"), 8 big-endian 32-bit
// words per block; the occupied seats, in increasing number, take one block of H cards each
// from the top, the rest is the stock. Nothing here trusts the server beyond the record.

export const ALGORITHM = "hmac-sha256-fy-v1";
const SUITS = "cdhs";
const RANKS = "23456789TJQKA";
const LOWEST = { 24: "9", 32: "7", 36: "6", 52: "2" };
const TWO32 = 2 ** 32;

/** Bytes of a hex string. */
export function fromHex(hex) {
  if (typeof hex !== "string" || hex.length % 2 || /[^0-9a-f]/i.test(hex)) throw new Error("not hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Hex of bytes. */
export function toHex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** sha256(server_seed) as hex. */
export async function commitment(seed) {
  return toHex(await crypto.subtle.digest("SHA-256", seed));
}

/** The deck of `size` cards (24, 32, 36, 52) in canonical order: suits c d h s, ranks ascending. */
export function canonicalDeck(size) {
  const ranks = RANKS.slice(RANKS.indexOf(LOWEST[size]));
  const out = [];
  for (const s of SUITS) for (const r of ranks) out.push(r + s);
  return out;
}

/** The client seeds joined by ":" in increasing seat number (a seat without one gives ""). */
export function clientString(clientSeeds, seats) {
  return [...seats].sort((a, b) => a - b).map((s) => clientSeeds[String(s)] || "").join(":");
}

/** words(label): an async source of 32-bit words with draw(bound) by rejection. */
export async function stream(seed, client, label) {
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const encoder = new TextEncoder();
  let counter = 0;
  let block = null;
  let at = 8;
  async function next() {
    if (at === 8) {
      const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${client}|${label}|${counter}`));
      block = new DataView(mac);
      counter += 1;
      at = 0;
    }
    const x = block.getUint32(4 * at, false);
    at += 1;
    return x;
  }
  return {
    next,
    async draw(bound) {
      const limit = TWO32 - (TWO32 % bound);
      for (;;) {
        const x = await next();
        if (x < limit) return x % bound;
      }
    },
  };
}

/** `cards` shuffled on `label` (Fisher–Yates from the end); element 0 is the top. */
export async function shuffle(seed, client, label, cards) {
  const deck = [...cards];
  const words = await stream(seed, client, label);
  for (let i = deck.length - 1; i >= 1; i -= 1) {
    const j = await words.draw(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** Deal `n` laid out: {hands: {"<seat>": [...]}, stock: [...]}. */
export async function deal(seed, client, n, size, seats, hand) {
  const deck = await shuffle(seed, client, String(n), canonicalDeck(size));
  const ordered = [...seats].sort((a, b) => a - b);
  const hands = {};
  ordered.forEach((s, i) => {
    hands[String(s)] = deck.slice(i * hand, (i + 1) * hand);
  });
  return { hands, stock: deck.slice(ordered.length * hand) };
}

/** The deck a game deals and H, the cards each seat holds before any choice. */
export function deckSize(game, options) {
  if (game === "durak") return Number((options || {}).deck || 36);
  return game === "blot" ? 24 : 32;
}

export function handSize(game, options, seats) {
  return game === "bazar_blot" && seats.length === 4 ? 8 : 6;
}

const sameCards = (a, b) => JSON.stringify([...(a || [])].sort()) === JSON.stringify([...(b || [])].sort());

/**
 * Check every deal of a match record (the scenario format of docs/rules.md §2, with `fairness`).
 * Returns {committed, deals: [{number, ok, expected}]}; throws when the record reveals no seeds.
 */
export async function verifyRecord(record) {
  const fair = record.fairness || {};
  if (fair.algorithm !== ALGORITHM || !fair.server_seed) throw new Error("no revealed seeds");
  const seed = fromHex(fair.server_seed);
  const committed = (await commitment(seed)) === fair.commitment;
  const clientSeeds = fair.client_seeds || {};
  const seats = Object.keys(clientSeeds).map(Number).sort((a, b) => a - b);
  // a duplicate set's table (docs/rules.md «Дубль») deals with the client string "" at every table
  const client = record.duplicate ? "" : clientString(clientSeeds, seats);
  const first = Number((record.duplicate || {}).first) || 0; // a duplicate Durak game: the set's deal n
  const size = deckSize(record.game, record.options);
  const hand = handSize(record.game, record.options, seats);
  const deals = [];
  for (const [number, entry] of (record.deals || []).entries()) {
    const expected = await deal(seed, client, first + number, size, seats, hand);
    const got = Object.fromEntries(Object.entries(entry.hands || {}).filter(([, cards]) => cards && cards.length));
    const handsOk =
      Object.keys(got).length === seats.length && seats.every((s) => sameCards(got[String(s)], expected.hands[String(s)]));
    const stockOk = JSON.stringify(entry.stock || []) === JSON.stringify(expected.stock);
    deals.push({ number, ok: committed && handsOk && stockOk, expected });
  }
  return { committed, deals };
}

/** The test vectors of docs/rules.md §3: [size, client, label, deck after the shuffle]. */
export const VECTORS = [
  [24, "", "0", "Qh Kd Tc Qd Ac Ts Ah 9c Td As Kc Qc Ad Kh Jc Jd Jh Js 9d Qs Ks Th 9s 9h"],
  [32, "alice:", "0", "9c Ah Ad 8h Qd 7d Js Kd Th Jc 8s 7h Tc Jh 9s 7s Ts As Ac 7c Qc Ks Qs 9d Kh Td Jd Kc 8d 9h 8c Qh"],
  [36, "x:y:", "1", "6c As 9s 7c Ts Kc 9h Kd 9c 6d Ad 9d 6h Jh Kh Qc Jc 7h 8s Ks Jd 7d 8c 6s Ah 7s Qs Tc Ac 8h Qd Th 8d Td Js Qh"],
  [52, "", "dealer", "Jc 7s Jd 9s 2h 2c 6s 8d 3h Qd 8c Kd Qc Tc Ad Th Qs 7d 4s Ts As 5d Jh 5h 3c 9c 6d 3s Qh 7h 7c Ks 2s 6c 8s 4d 9d Kc Ac 6h 3d Kh 8h 4c 9h Td Ah 5s Js 5c 4h 2d"],
];
export const VECTOR_SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
export const VECTOR_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

/** Run the vectors: a list of {name, ok}. */
export async function selfTest() {
  const seed = fromHex(VECTOR_SEED);
  const out = [{ name: "commitment", ok: (await commitment(seed)) === VECTOR_COMMITMENT }];
  for (const [size, client, label, expected] of VECTORS) {
    const got = await shuffle(seed, client, label, canonicalDeck(size));
    out.push({ name: `${size}/${JSON.stringify(client)}/${label}`, ok: got.join(" ") === expected });
  }
  return out;
}

/** Show the check of `record` in `root`: the commitment, each deal ✓ or ✗, a summary. */
export async function showCheck(root, record) {
  const status = root.querySelector('[data-testid="verify-status"]');
  const rows = root.querySelector('[data-testid="verify-deals"]');
  const commitmentRow = root.querySelector('[data-testid="verify-commitment"]');
  const t = (s) => (typeof window.gettext === "function" ? window.gettext(s) : s);
  status.dataset.done = "0";
  rows.replaceChildren();
  try {
    const result = await verifyRecord(record);
    if (commitmentRow) {
      commitmentRow.textContent = result.committed ? "✓" : "✗";
      commitmentRow.dataset.ok = result.committed ? "1" : "0";
    }
    for (const d of result.deals) {
      const li = document.createElement("li");
      li.dataset.testid = "verify-deal";
      li.dataset.ok = d.ok ? "1" : "0";
      li.textContent = `${t("Сдача")} ${d.number + 1}: ${d.ok ? "✓" : "✗"}`;
      rows.append(li);
    }
    const all = result.committed && result.deals.every((d) => d.ok);
    status.textContent = all ? t("Все раздачи сходятся с открытыми зёрнами.") : t("Есть раздачи, которые не сходятся!");
    status.dataset.ok = all ? "1" : "0";
  } catch {
    if (commitmentRow) commitmentRow.textContent = "";
    status.textContent = t("В записи нет открытых зёрен: проверить нечего.");
    status.dataset.ok = "0";
  }
  status.dataset.done = "1";
}

/** The «Проверить раздачи» page: check the match's record, and any record pasted below. */
export async function mountVerifyPage(root) {
  const own = JSON.parse(root.querySelector("#match-record").textContent);
  const input = root.querySelector('[data-testid="verify-input"]');
  if (input) input.value = JSON.stringify(own, null, 1);
  root.querySelector('[data-testid="verify-run"]')?.addEventListener("click", () => {
    let record = null;
    try {
      record = JSON.parse(input.value);
    } catch {
      record = {};
    }
    showCheck(root, record);
  });
  await showCheck(root, own);
}
