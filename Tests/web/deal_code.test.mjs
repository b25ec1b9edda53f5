// Deal codes in the page (deal_code.js) as SnapCore's DealCode reads and shows them, and on the wire (codec.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeFrame, encodeFrame } from "../../Sources/SnapServer/Public/js/codec.js";
import {
  DEAL_CODE_LIMIT, DealCodeError, dealCodeText, parseDealCode,
} from "../../Sources/SnapServer/Public/js/deal_code.js";

test("a code is shown as two groups of four and read back, as in Swift", () => {
  assert.equal(dealCodeText(661_026_212_573), "K7M3-Q2PX");
  assert.equal(parseDealCode("K7M3-Q2PX"), 661_026_212_573);
  assert.equal(dealCodeText(0), "0000-0000");
  assert.equal(dealCodeText(DEAL_CODE_LIMIT - 1), "ZZZZ-ZZZZ");
  assert.throws(() => dealCodeText(DEAL_CODE_LIMIT), RangeError);
  for (let value = 1; value < DEAL_CODE_LIMIT; value = value * 7 + 3) assert.equal(parseDealCode(dealCodeText(value)), value);
});

test("case, spaces, dashes and lookalikes do not matter", () => {
  for (const typed of ["k7m3q2px", " K7M3 Q2PX ", "k7m3-q2px", "K-7-M-3-Q-2-P-X"]) {
    assert.equal(parseDealCode(typed), 661_026_212_573, typed);
  }
  assert.equal(parseDealCode("O0OO-ILil"), parseDealCode("0000-1111"));
});

test("text that is no code says why", () => {
  const reason = (text) => {
    try {
      parseDealCode(text);
    } catch (error) {
      assert.ok(error instanceof DealCodeError);
      return [error.reason, error.count ?? error.character, error.message];
    }
    return null;
  };
  assert.deepEqual(reason("K7M3"),
    ["length", 4, "a deal code has 8 letters and digits, like K7M3-Q2PX; this has 4"]);
  assert.equal(reason("K7M3-Q2PXA")[1], 9);
  assert.equal(reason(" - ")[1], 0);
  assert.deepEqual(reason("K7M3-Q2PU").slice(0, 2), ["character", "U"]);
  assert.deepEqual(reason("K7M3!Q2PX").slice(0, 2), ["character", "!"]);
});

test("the wire carries a code as a u64 below 2^40 and the packet as its text", () => {
  const frame = { number: 128, packet: { type: "StartRoundWithDeal", deal: "k7m3 q2px" } };
  const bytes = encodeFrame(frame);
  assert.deepEqual(decodeFrame(bytes), { number: 128, packet: { type: "StartRoundWithDeal", deal: "K7M3-Q2PX" } });
  const tooLarge = Uint8Array.from([0x53, 0x4e, 0x41, 0x50, 0, 0, 0, 1, 0, 0xa1, 0, 0, 1, 0, 0, 0, 0, 0]);
  assert.throws(() => decodeFrame(tooLarge), { message: "RoundDeal.deal cannot be 1099511627776" });
  assert.throws(() => encodeFrame({ number: 1, packet: { type: "StartRoundWithDeal", deal: "K7M3" } }), DealCodeError);
});
