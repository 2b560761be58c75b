// The lobby's reading of a group challenge (web/js/net/group_challenges.js), in Node: the
// shapes `tabula serve` pushes (docs/protocol.md §7.9, "Group challenges") seen by the
// challenger and by an invitee, who has accepted, and why one went away.

import assert from 'node:assert/strict';
import { test } from '../harness.js';
import { group_challenge_view, answers_text, invitee_names, name_list, gone_text } from '../../../web/js/net/group_challenges.js';

const node = { needs: 'node' };

const player = (id) => ({ id, name: id, registered: false, rating: 1500 });
// As the server sends it: ann (u1) invites bob (u2) and cid (u3); `accepted` in answer order.
const wire = (accepted = []) => ({
    id: 2, group: true, from: player('u1'), to: ['u2', 'u3'], to_names: ['bob', 'cid'], accepted,
    setup: { variant: 'chinese-checkers-3', time: { base_ms: 300000, increment_ms: 3000 }, rated: false },
    expires_at: 1700000300000,
});
const GAME = 'Chinese checkers (3 players)';

test('group challenge: the invitee sees who invites it, who else, and who has accepted', () => {
    const bob = group_challenge_view(wire(), 'u2');
    assert.equal(bob.mine, false);
    assert.equal(bob.i_accepted, false);
    assert.equal(bob.from.name, 'u1');
    assert.deepEqual(invitee_names(bob), ['you', 'cid']);
    assert.equal(answers_text(bob), 'Waiting for: you, cid');
    const later = group_challenge_view(wire(['u3']), 'u2');
    assert.equal(answers_text(later), 'Accepted: cid · Waiting for: you');
    const accepted = group_challenge_view(wire(['u3', 'u2']), 'u2');
    assert.equal(accepted.i_accepted, true);
    assert.equal(answers_text(accepted), 'Accepted: you, cid'); // in the order invited
    assert.equal(bob.expires_at, 1700000300000);
}, node);

test('group challenge: its challenger sees its own, and the names read as a list', () => {
    const ann = group_challenge_view(wire(['u2']), 'u1');
    assert.equal(ann.mine, true);
    assert.equal(ann.i_accepted, false);
    assert.deepEqual(invitee_names(ann), ['bob', 'cid']);
    assert.equal(answers_text(ann), 'Accepted: bob · Waiting for: cid');
    assert.equal(name_list(['bob']), 'bob');
    assert.equal(name_list(['bob', 'cid']), 'bob and cid');
    assert.equal(name_list(['bob', 'cid', 'dan']), 'bob, cid and dan');
    // Each invitee is named by the wire's `to_names`, in the order of `to`.
    assert.deepEqual(ann.invitees.map((p) => [p.id, p.name]), [['u2', 'bob'], ['u3', 'cid']]);
    assert.deepEqual(ann.from, player('u1'));
}, node);

test('group challenge: why it went away, for the challenger and for an invitee', () => {
    const ann = group_challenge_view(wire(), 'u1');
    const bob = group_challenge_view(wire(), 'u2');
    assert.equal(gone_text('declined', ann, 'u3', 'later', GAME), `Your challenge to ${GAME} is off: cid declined (not now).`);
    assert.equal(gone_text('declined', bob, 'u2', 'generic', GAME), `u1's challenge to ${GAME} is off: you declined.`);
    assert.equal(gone_text('cancelled', ann, 'u1', undefined, GAME), `Your challenge to ${GAME} was cancelled.`);
    assert.equal(gone_text('cancelled', bob, 'u1', undefined, GAME), `u1's challenge to ${GAME} was cancelled by u1.`);
    assert.equal(gone_text('expired', bob, undefined, undefined, GAME), `u1's challenge to ${GAME} expired: not everyone answered in time.`);
    for (const change of ['issued', 'accepted', 'matched', 'listed']) assert.equal(gone_text(change, bob, 'u2', undefined, GAME), null);
}, node);
