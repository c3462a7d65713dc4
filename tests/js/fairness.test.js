// The test vectors of docs/rules.md §3 through the browser's checker (static/js/fairness.js), on Node's
// WebCrypto: the same code the «Проверить раздачи» page runs.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  ALGORITHM,
  VECTORS,
  VECTOR_COMMITMENT,
  VECTOR_SEED,
  canonicalDeck,
  clientString,
  commitment,
  deal,
  fromHex,
  selfTest,
  shuffle,
  verifyRecord,
} from "../../static/js/fairness.js";

test("the commitment of the vectors' seed", async () => {
  assert.equal(await commitment(fromHex(VECTOR_SEED)), VECTOR_COMMITMENT);
});

for (const [size, client, label, expected] of VECTORS) {
  test(`the ${size}-card vector, client ${JSON.stringify(client)}, label ${label}`, async () => {
    const deck = await shuffle(fromHex(VECTOR_SEED), client, label, canonicalDeck(size));
    assert.equal(deck.join(" "), expected);
  });
}

test("the self-test passes every vector", async () => {
  const results = await selfTest();
  assert.equal(results.length, VECTORS.length + 1);
  assert.ok(results.every((r) => r.ok));
});

test("client seeds join in seat order, an empty seed as empty", () => {
  assert.equal(clientString({ 2: "y", 0: "x" }, [2, 0]), "x:y");
  assert.equal(clientString({ 0: "x" }, [0, 1]), "x:");
});

test("a record checks ✓ as dealt and ✗ once a card is swapped", async () => {
  const seed = fromHex(VECTOR_SEED);
  const clientSeeds = { 0: "a", 1: "b" };
  const client = clientString(clientSeeds, [0, 1]);
  const dealt = await deal(seed, client, 0, 36, [0, 1], 6);
  const record = {
    game: "durak",
    options: { deck: 36 },
    fairness: {
      algorithm: "hmac-sha256-fy-v1",
      server_seed: VECTOR_SEED,
      commitment: VECTOR_COMMITMENT,
      client_seeds: clientSeeds,
    },
    deals: [{ hands: dealt.hands, stock: dealt.stock }],
  };
  const fair = await verifyRecord(record);
  assert.ok(fair.committed && fair.deals[0].ok);
  const tampered = structuredClone(record);
  [tampered.deals[0].hands["0"][0], tampered.deals[0].stock[0]] = [
    tampered.deals[0].stock[0],
    tampered.deals[0].hands["0"][0],
  ];
  assert.equal((await verifyRecord(tampered)).deals[0].ok, false);
  await assert.rejects(verifyRecord({ ...record, fairness: {} }), /no revealed seeds/);
});

test("a duplicate set's record deals with the client string \"\" (docs/rules.md §3's vector 24/\"\"/0)", async () => {
  const deck = "Qh Kd Tc Qd Ac Ts Ah 9c Td As Kc Qc Ad Kh Jc Jd Jh Js 9d Qs Ks Th 9s 9h".split(" ");
  const record = {
    game: "blot",
    options: {},
    duplicate: { deals: 1 },
    deals: [{ hands: { 0: deck.slice(0, 6), 1: deck.slice(6, 12) }, stock: deck.slice(12), actions: [] }],
    fairness: { algorithm: ALGORITHM, commitment: VECTOR_COMMITMENT, server_seed: VECTOR_SEED, client_seeds: { 0: "", 1: "" } },
  };
  assert.equal((await verifyRecord(record)).deals[0].ok, true);
  // the same cards without the duplicate mark would have been dealt with the client ":"
  const plain = { ...record };
  delete plain.duplicate;
  assert.equal((await verifyRecord(plain)).deals[0].ok, false);
});

test("a duplicate Durak game's record: its deal 0 is the set's deal `first` (vector 36/\"x:y:\"/1 shape)", async () => {
  const seed = fromHex(VECTOR_SEED);
  const dealt = await deal(seed, "", 1, 36, [0, 1], 6);
  const record = {
    game: "durak",
    options: { deck: 36 },
    duplicate: { deals: 1, first: 1 },
    deals: [{ hands: dealt.hands, stock: dealt.stock, actions: [] }],
    fairness: { algorithm: ALGORITHM, commitment: VECTOR_COMMITMENT, server_seed: VECTOR_SEED, client_seeds: { 0: "", 1: "" } },
  };
  assert.equal((await verifyRecord(record)).deals[0].ok, true);
  assert.equal((await verifyRecord({ ...record, duplicate: { deals: 1 } })).deals[0].ok, false);
});
