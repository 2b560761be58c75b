// How a challenge ends in words (web/js/net/challenge_endings.js), in Node: the decline
// reasons the menu offers, each the server takes (docs/protocol.md §7.9), and the line each
// player of a challenge of two reads when it goes away, in the shapes `tabula serve` pushes.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { DECLINE_REASONS, reason_suffix, pair_gone_text } from '../../../web/js/net/challenge_endings.js';

const node = { needs: 'node' };

// ann (u1) challenged bob (u2); the pushes of §7.9.
const gone = (reason, fields = {}) => ({ t: 'challenge_gone', challenge: 3, reason, ...fields });

test('decline reasons: the menu offers exactly the protocol\'s, "No reason" first', () => {
    assert.deepEqual(DECLINE_REASONS.map(([value]) => value),
        ['generic', 'later', 'too_fast', 'too_slow', 'time_control', 'rated', 'casual', 'variant']);
    assert.equal(new Set(DECLINE_REASONS.map(([, label]) => label)).size, DECLINE_REASONS.length);
    assert.equal(reason_suffix('later'), ' (not now)');
    assert.equal(reason_suffix('rated'), ' (a rated game, please)');
    assert.equal(reason_suffix('generic'), '');
    assert.equal(reason_suffix('from_a_newer_server'), '');
    assert.equal(reason_suffix(undefined), '');
}, node);

test('a challenge of two declined: the challenger reads who and why, the decliner a confirmation', () => {
    const msg = gone('declined', { by: 'u2', decline_reason: 'too_fast' });
    assert.equal(pair_gone_text(msg, 'u1', 'bob'), 'bob declined your challenge (too fast).');
    assert.equal(pair_gone_text(msg, 'u2', 'ann'), "You declined ann's challenge.");
    const plain = gone('declined', { by: 'u2', decline_reason: 'generic' });
    assert.equal(pair_gone_text(plain, 'u1', 'bob'), 'bob declined your challenge.');
    // A name this client never learnt (the push came before any list): still a sentence.
    assert.equal(pair_gone_text(plain, 'u1', null), 'the other player declined your challenge.');
}, node);

test('a challenge of two cancelled, expired or accepted', () => {
    const cancelled = gone('cancelled', { by: 'u1' });
    assert.equal(pair_gone_text(cancelled, 'u2', 'ann'), 'ann cancelled the challenge.');
    assert.equal(pair_gone_text(cancelled, 'u1', 'bob'), null);
    assert.equal(pair_gone_text(gone('expired'), 'u1', 'bob'), 'The challenge with bob expired without an answer.');
    assert.equal(pair_gone_text(gone('expired'), 'u2', 'ann'), 'The challenge with ann expired without an answer.');
    // Accepted: the table opens, nothing to say.
    assert.equal(pair_gone_text(gone('accepted', { code: 'P4XW2M' }), 'u1', 'bob'), null);
}, node);
